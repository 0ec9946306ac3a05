import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { OperatorRole } from '../../contracts/operator';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, newToken, tokenHash } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { deviceCookieOptions, deviceOf, LOGIN_LOCKOUT, newDeviceCookie, takeLockout } from '../../lib/lockout';
import { insertOperatorSession, OPERATOR_SESSION_HOURS, operatorBySession, type Operator } from './operator.queries';

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
    setCookie(c, OPERATOR_COOKIE, token, {
      httpOnly: true,
      secure: secure(c),
      sameSite: 'Strict',
      path: '/',
      maxAge: OPERATOR_SESSION_HOURS * 3600,
    });
  return { statement, setSessionCookie };
}

export const clearOperatorCookie = (c: Context<OperatorEnv>) =>
  deleteCookie(c, OPERATOR_COOKIE, { path: '/', secure: secure(c), httpOnly: true, sameSite: 'Strict' });

/** The connecting address (Cloudflare's CF-Connecting-IP), `unknown` without one: the lockout's client when the browser has no device cookie. */
const clientOf = (c: Context<OperatorEnv>) => (c.req.header('cf-connecting-ip') ?? '').trim().toLowerCase().slice(0, 45) || 'unknown';

/** The console's device cookie for the lockout (lib/lockout): given out by a successful login or set-up, valid for that operator only. */
export const OPERATOR_DEVICE_COOKIE = 'odid';

/** The lockout's key of an operator's address (an HMAC with the pepper: `rate_limits` holds no address). */
export const operatorAccountKey = async (pepper: string, email: string) =>
  `login:op:${(await hmacHex(pepper, `operator:${email}`)).slice(0, 32)}`;

/** Gives this browser the operator's device cookie: their own logins from it are never refused by other clients' failures. */
export async function rememberOperatorDevice(c: Context<OperatorEnv>, email: string) {
  const value = await newDeviceCookie(c.env.PASSWORD_PEPPER, await operatorAccountKey(c.env.PASSWORD_PEPPER, email));
  setCookie(c, OPERATOR_DEVICE_COOKIE, value, deviceCookieOptions(secure(c)));
}

/**
 * One login attempt (password and code), taken before anything is checked, under the address
 * tried, known or not, by the members' rule (lib/lockout): per operator and client (their device
 * cookie, else the address) 5, per operator from unknown clients 20, 15 minutes. `failed()` is what
 * a wrong password or code answers (423 when it was the last one allowed), `succeeded()` the
 * statements of a good login, `remember()` gives the browser the device cookie.
 */
export async function takeLoginAttempt(c: Context<OperatorEnv>, email: string) {
  const pepper = c.env.PASSWORD_PEPPER;
  const account = await operatorAccountKey(pepper, email);
  let cookie: string | undefined;
  try {
    cookie = getCookie(c, OPERATOR_DEVICE_COOKIE);
  } catch {
    cookie = undefined;
  }
  const attempt = await takeLockout(
    c.get('db'),
    { account, address: clientOf(c), device: await deviceOf(pepper, account, cookie) },
    LOGIN_LOCKOUT,
    clock.now(),
  );
  return { ...attempt, remember: async () => (attempt.knownDevice ? undefined : rememberOperatorDevice(c, email)) };
}
