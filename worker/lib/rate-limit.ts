import { sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import type { Db } from './db';

/**
 * Counts one use of `key` in a fixed window and says whether it is within `limit`. One upsert,
 * so concurrent requests cannot all pass a check-then-insert together.
 */
export async function takeRateLimit(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  const start = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const [row] = await db
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
  return (row?.count ?? Infinity) <= limit;
}
