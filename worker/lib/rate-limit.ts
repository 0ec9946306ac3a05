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

/** A fixed window's bounds now: its start if a new one begins, and the start before which a window has expired. */
export const rateWindow = (windowMs: number, now: Date) => ({ start: now.toISOString(), expired: new Date(now.getTime() - windowMs).toISOString() });

/** The upsert of one use, answering the count in the window (for a caller's batch): within the limit while count <= limit. */
export function rateLimitUse(db: Db, key: string, windowMs: number, now: Date) {
  const { start, expired } = rateWindow(windowMs, now);
  return rateLimitUpsert(db, key, start, expired);
}

/**
 * rateLimitUse with its values as SQL (a reusable statement's parameters, a member id found in
 * the same batch): when the key is NULL, or `when` does not hold, nothing is counted and nothing
 * is answered.
 */
export function rateLimitUpsert(db: Db, key: string | SQL, start: string | SQL, expired: string | SQL, when?: SQL) {
  const insert = db.insert(rateLimits);
  return (typeof key === 'string' && typeof start === 'string' && !when ? insert.values({ key, windowStart: start, count: 1 }) : insert.select(sql`SELECT ${key}, ${start}, 1 WHERE ${key} IS NOT NULL AND ${when ?? sql`1`}`))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${start} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
}
