import { sql, type SQL } from 'drizzle-orm';
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

/**
 * The upsert of one use, answering the count in the window (for a caller's batch): within the
 * limit while count <= limit. The key may be an SQL expression (a member id found in the same
 * batch): when it is NULL nothing is counted and nothing is answered.
 */
export function rateLimitUse(db: Db, key: string | SQL, windowMs: number, now: Date) {
  const start = now.toISOString();
  const expired = new Date(now.getTime() - windowMs).toISOString();
  const insert = db.insert(rateLimits);
  return (typeof key === 'string' ? insert.values({ key, windowStart: start, count: 1 }) : insert.select(sql`SELECT ${key}, ${start}, 1 WHERE ${key} IS NOT NULL`))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${start} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
}
