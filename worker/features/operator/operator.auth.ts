import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { OperatorRole } from '../../contracts/operator';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, newToken, tokenHash } from '../../lib/crypto';
import { AppError, minutesOf, RateLimited } from '../../lib/errors';
import { secondsLeft } from '../../lib/rate-limit';
import {
  clearOperatorAttempts,
  insertOperatorSession,
  OPERATOR_LOCK_MINUTES,
  OPERATOR_MAX_ACCOUNT,
  OPERATOR_MAX_FAILED,
  OPERATOR_SESSION_HOURS,
  operatorBySession,
  takeOperatorAttempt,
  type Operator,
} from './operator.queries';

/**
 * The console's session cookie: its own name (never the members' `sid`), HttpOnly, Secure,
 * SameSite=Strict, Path=/, set only by the operator host (a host-only cookie: no Domain).
 * `__Host-` needs Secure, which a browser refuses to store over plain http://operator.localhost,
 * so the name carries no prefix; the cookie is Secure over https (always when deployed).
 */
export const OPERATOR_COOKIE = 'osid';

const secure = (c: Context<OperatorEnv>) => new URL(c.req.url).protocol === 'https:';

function readCookie(c: Context<OperatorEnv>) {
  try {
    const value = getCookie(c, OPERATOR_COOKIE);
    return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the operator of a live session (not disabled) on the context: one D1 lookup, only with a well-formed cookie. */
export const operatorSession: MiddlewareHandler<OperatorEnv> = async (c, next) => {
  const token = readCookie(c);
  let operator: Operator | null = null;
  let hash: string | null = null;
  if (token) {
    hash = await tokenHash(token);
    operator = await operatorBySession(c.get('db'), hash, clock.now());
  }
  c.set('operator', operator);
  c.set('operatorSessionHash', operator ? hash : null);
  await next();
};

/** The logged-in operator holding one of `roles`: 403 authentication_required without a session, 403 forbidden with another role. */
export function requireOperator(c: Context<OperatorEnv>, ...roles: OperatorRole[]): Operator {
  const operator = c.get('operator');
  if (!operator) throw new AppError('authentication_required', 403);
  if (roles.length && !roles.includes(operator.role)) throw new AppError('forbidden', 403);
  return operator;
}

/** A new session for this operator: the statement storing its hash, and the cookie to set after the batch. */
export async function newOperatorSession(c: Context<OperatorEnv>, operatorId: number) {
  const token = newToken();
  const statement = insertOperatorSession(c.get('db'), await tokenHash(token), operatorId, clock.now());
  const setSessionCookie = () =>
    setCookie(c, OPERATOR_COOKIE, token, { httpOnly: true, secure: secure(c), sameSite: 'Strict', path: '/', maxAge: OPERATOR_SESSION_HOURS * 3600 });
  return { statement, setSessionCookie };
}

export const clearOperatorCookie = (c: Context<OperatorEnv>) => deleteCookie(c, OPERATOR_COOKIE, { path: '/', secure: secure(c), httpOnly: true, sameSite: 'Strict' });

/** The connecting address (Cloudflare's CF-Connecting-IP), `unknown` without one: the lockout's client. */
const clientOf = (c: Context<OperatorEnv>) => (c.req.header('cf-connecting-ip') ?? '').trim().toLowerCase().slice(0, 45) || 'unknown';

/** The lockout's key of an operator's address (an HMAC with the pepper: `rate_limits` holds no address). */
export const operatorAccountKey = async (pepper: string, email: string) => `login:op:${(await hmacHex(pepper, `operator:${email}`)).slice(0, 32)}`;

/**
 * One login attempt (password and code), taken before anything is checked, under the address
 * tried, known or not (an HMAC with the pepper: `rate_limits` holds no address). Locked: 423
 * `too_many_attempts` with the minutes left. `failed()` is what a wrong password or code answers
 * (423 when it was the last one allowed), `succeeded()` the statements of a good login.
 */
export async function takeLoginAttempt(c: Context<OperatorEnv>, email: string) {
  const db = c.get('db');
  const now = clock.now();
  const account = await operatorAccountKey(c.env.PASSWORD_PEPPER, email);
  const keys = { account, pair: `${account}:${clientOf(c)}` };
  const [, , rows] = await db.batch(takeOperatorAttempt(db, keys, now));
  const windowMs = OPERATOR_LOCK_MINUTES * 60_000;
  const live = (key: string) => rows.find((r) => r.key === key && Date.parse(r.windowStart) > now.getTime() - windowMs);
  const pair = live(keys.pair);
  const whole = live(keys.account);
  const over = [pair && pair.count > OPERATOR_MAX_FAILED ? pair : null, whole && whole.count > OPERATOR_MAX_ACCOUNT ? whole : null].filter((r) => r !== null);
  if (over.length) {
    const wait = Math.max(...over.map((r) => secondsLeft(r.windowStart, windowMs, now)));
    throw new RateLimited('too_many_attempts', wait, { minutes: minutesOf(wait) }, 423);
  }
  const last = pair?.count === OPERATOR_MAX_FAILED || whole?.count === OPERATOR_MAX_ACCOUNT;
  return {
    failed: (otherwise: Error) => (last ? new RateLimited('too_many_attempts', windowMs / 1000, { minutes: OPERATOR_LOCK_MINUTES }, 423) : otherwise),
    succeeded: () => clearOperatorAttempts(db, keys),
  };
}
