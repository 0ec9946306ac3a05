import { sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from './db';

/**
 * Counts one use of `key` in a fixed window and says whether it is within `limit`. One upsert,
 * so concurrent requests cannot all pass a check-then-insert together.
 */
export async function takeRateLimit(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  const [row] = await rateLimitUse(db, key, windowMs, now);
  return (row?.count ?? Infinity) <= limit;
}

/** The upsert of one use, answering the count in the window (for a caller's batch): within the limit while count <= limit. */
export function rateLimitUse(db: Db, key: string, windowMs: number, now: Date) {
  const start = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  return db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${start} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
}
