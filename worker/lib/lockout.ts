import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rateLimits } from '../db/schema';
import { hmacHex, randomKey } from './crypto';
import type { Db } from './db';
import { minutesOf, RateLimited } from './errors';
import { attemptUpsert, rateWindow, secondsLeft } from './rate-limit';

/**
 * The login lockout of members and operators (README, "Lockout"), in one place: per account and
 * client `perClient` failures, per account from all unknown clients together `perAccount`, a lock
 * of `minutes` from the attempt that reaches either. The client is the owner's **device cookie**
 * when the browser carries a valid one for this account (OWASP, "Slow down online guessing attacks
 * with device cookies"), else the connecting address. A device cookie is only ever given out by a
 * successful login, so failures of other clients (other addresses, the account's global brake)
 * never refuse it; only its own failures lock it.
 */
export const LOGIN_LOCKOUT = { perClient: 5, perAccount: 20, minutes: 15 } as const;
export type LockoutRule = { perClient: number; perAccount: number; minutes: number };

/** The counters of one attempt: the account's key (`login:…`, an HMAC of the address), this client's address, and a device's nonce when its cookie is valid for the account. */
export type LockoutKeys = { account: string; address: string; device: string | null };

/** The device cookie's options: a year, HttpOnly, strict, host-only; Secure over https. */
export const deviceCookieOptions = (secure: boolean) => ({
  httpOnly: true,
  secure,
  sameSite: 'Strict' as const,
  path: '/',
  maxAge: 365 * 86400,
});

const deviceSignature = async (pepper: string, account: string, nonce: string) =>
  (await hmacHex(pepper, `device:${account}:${nonce}`)).slice(0, 32);

/** A new device cookie's value for this account: a random nonce and its signature (nothing is stored). */
export async function newDeviceCookie(pepper: string, account: string) {
  const nonce = randomKey(16);
  return `${nonce}.${await deviceSignature(pepper, account, nonce)}`;
}

/** The nonce of a device cookie that a login of this account gave out, or null (absent, malformed, another account's, forged). */
export async function deviceOf(pepper: string, account: string, cookie: string | undefined | null) {
  const match = /^([A-Za-z0-9_-]{22})\.([0-9a-f]{32})$/.exec(cookie ?? '');
  if (!match) return null;
  return (await deviceSignature(pepper, account, match[1]!)) === match[2] ? match[1]! : null;
}

const deviceKey = (keys: LockoutKeys) => `${keys.account}:device:${keys.device}`;
const pairKey = (keys: LockoutKeys) => `${keys.account}:${keys.address}`;

/**
 * The attempt's statements, taken before anything is checked, in one batch. A known device counts
 * against itself only. Any other client counts per address (`pair`) and toward the account; a
 * client counts toward the account only while it is itself not locked, and not at all while the
 * account is: a stranger who keeps failing locks only their own address. Answers the rows last.
 */
function attemptStatements(db: Db, keys: LockoutKeys, rule: LockoutRule, now: Date) {
  const windowMs = rule.minutes * 60_000;
  const { expired } = rateWindow(windowMs, now);
  if (keys.device) {
    const key = deviceKey(keys);
    return [
      attemptUpsert(db, key, rule.perClient, windowMs, now, sql`1`),
      db.select().from(rateLimits).where(eq(rateLimits.key, key)),
    ] as const;
  }
  const reached = (key: string, max: number, op: SQL) =>
    sql`EXISTS (SELECT 1 FROM rate_limits WHERE key = ${key} AND window_start > ${expired} AND count ${op} ${max})`;
  const pair = pairKey(keys);
  return [
    attemptUpsert(db, pair, rule.perClient, windowMs, now, sql`NOT ${reached(keys.account, rule.perAccount, sql`>=`)}`),
    attemptUpsert(db, keys.account, rule.perAccount, windowMs, now, sql`NOT ${reached(pair, rule.perClient, sql`>`)}`),
    db
      .select()
      .from(rateLimits)
      // eslint-disable-next-line no-restricted-syntax -- bounded: two keys
      .where(inArray(rateLimits.key, [pair, keys.account])),
  ] as const;
}

/**
 * Takes one attempt. Locked (this client, or the account for clients it does not know): throws 423
 * `too_many_attempts` with the minutes left and `Retry-After`. Otherwise `failed()` is what a wrong
 * password (or code) answers: 423 with the whole lock when this attempt was the last one allowed,
 * else the call's own error; `succeeded()` the statements of a right one (this client's failures
 * forgotten; the attempt taken off the account's count, which so counts failures only).
 */
export async function takeLockout(db: Db, keys: LockoutKeys, rule: LockoutRule, now: Date) {
  const statements = attemptStatements(db, keys, rule, now);
  const rows = (await db.batch(statements)).at(-1) as (typeof rateLimits.$inferSelect)[];
  const windowMs = rule.minutes * 60_000;
  const live = (key: string) => rows.find((r) => r.key === key && Date.parse(r.windowStart) > now.getTime() - windowMs);
  const client = live(keys.device ? deviceKey(keys) : pairKey(keys));
  const account = keys.device ? undefined : live(keys.account);
  const over = [
    client && client.count > rule.perClient ? client : null,
    account && account.count > rule.perAccount ? account : null,
  ].filter((r) => r !== null);
  if (over.length) {
    const wait = Math.max(...over.map((r) => secondsLeft(r.windowStart, windowMs, now)));
    throw new RateLimited('too_many_attempts', wait, { minutes: minutesOf(wait) }, 423);
  }
  const last = client?.count === rule.perClient || account?.count === rule.perAccount;
  return {
    failed: (otherwise: Error) =>
      last ? new RateLimited('too_many_attempts', windowMs / 1000, { minutes: rule.minutes }, 423) : otherwise,
    succeeded: () =>
      keys.device
        ? ([db.delete(rateLimits).where(eq(rateLimits.key, deviceKey(keys)))] as const)
        : ([
            db.delete(rateLimits).where(eq(rateLimits.key, pairKey(keys))),
            db
              .update(rateLimits)
              .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
              .where(eq(rateLimits.key, keys.account)),
          ] as const),
    /** This client is a device the account knows (its cookie need not be given out again). */
    knownDevice: keys.device !== null,
  };
}
