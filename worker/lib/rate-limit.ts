import { sql, type SQL } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { insertSelect, type Db } from './db';

/**
 * Counts one use of `key` in a fixed window and says whether it is within `limit`. One upsert,
 * so concurrent requests cannot all pass a check-then-insert together.
 */
export async function takeRateLimit(db: Db, key: string, limit: number, windowMs: number, now: Date): Promise<boolean> {
  return (await takeLimit(db, key, { limit, windowMs }, now)) === null;
}

/** A limit: at most `limit` uses in a fixed window of `windowMs`. */
export type Rule = { limit: number; windowMs: number };

/** Seconds until a window that began at `windowStart` ends (at least 1): the answer's `Retry-After`. */
export const secondsLeft = (windowStart: string, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil((Date.parse(windowStart) + windowMs - now.getTime()) / 1000));

/**
 * Counts one use of `key` like takeRateLimit: null while within the rule, else the seconds until
 * its window ends (for `Retry-After`).
 */
export async function takeLimit(db: Db, key: string, rule: Rule, now: Date): Promise<number | null> {
  const [row] = await rateLimitUse(db, key, rule.windowMs, now);
  return overLimit(row, rule, now);
}

/** A counted use against its rule: null while within it, else the seconds until the window ends. */
export const overLimit = (row: { count: number; windowStart: string } | undefined, rule: Rule, now: Date) =>
  !row
    ? secondsLeft(now.toISOString(), rule.windowMs, now)
    : row.count <= rule.limit
      ? null
      : secondsLeft(row.windowStart, rule.windowMs, now);

/**
 * One attempt against a lock (the login lockout): counted like a use, but the use that reaches
 * `max` starts the window again, so the lock lasts a whole window from then. Counted only when
 * `when` holds (SQL over other rows of the same batch); answers nothing otherwise.
 */
export function attemptUpsert(db: Db, key: string, max: number, windowMs: number, now: Date, when: SQL) {
  const { start, expired } = rateWindow(windowMs, now);
  const live = sql`${rateLimits.windowStart} > ${expired}`;
  const next = sql`(CASE WHEN ${live} THEN ${rateLimits.count} + 1 ELSE 1 END)`;
  return insertSelect(
    db,
    rateLimits,
    { key: sql`${key}`, windowStart: sql`${start}`, count: sql`1` },
    sql`WHERE ${when}`,
  ).onConflictDoUpdate({
    target: rateLimits.key,
    set: {
      count: next,
      windowStart: sql`CASE WHEN NOT (${live}) OR ${next} = ${max} THEN ${start} ELSE ${rateLimits.windowStart} END`,
    },
  });
}

/** A fixed window's bounds now: its start if a new one begins, and the start before which a window has expired. */
export const rateWindow = (windowMs: number, now: Date) => ({
  start: now.toISOString(),
  expired: new Date(now.getTime() - windowMs).toISOString(),
});

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
  return (
    typeof key === 'string' && typeof start === 'string' && !when
      ? db.insert(rateLimits).values({ key, windowStart: start, count: 1 })
      : insertSelect(
          db,
          rateLimits,
          { key: sql`${key}`, windowStart: sql`${start}`, count: sql`1` },
          sql`WHERE ${key} IS NOT NULL AND ${when ?? sql`1`}`,
        )
  )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${start} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/**
 * Takes `n` uses of `key` at once (one upsert, so concurrent callers share the rule's room
 * without both passing) and answers how many of them fit: `n` while within the rule, fewer at its
 * edge, 0 past it. Every use asked for is counted, the ones that did not fit too.
 */
export async function takeUses(db: Db, key: string, n: number, rule: Rule, now: Date): Promise<number> {
  if (n <= 0) return 0;
  const { start, expired } = rateWindow(rule.windowMs, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: n })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${n} ELSE ${rateLimits.count} + ${n} END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${start} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row ? Math.max(0, Math.min(n, rule.limit - (row.count - n))) : 0;
}
