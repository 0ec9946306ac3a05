import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { insertSession, memberBySession, SESSION_DAYS } from '../domain/sessions';
import type { Member } from '../domain/members';
import type { AppEnv } from '../env';
import { clock } from '../lib/clock';
import { newToken, tokenHash } from '../lib/crypto';
import { AppError } from '../lib/errors';

export const SESSION_COOKIE = 'sid';

const secure = (c: Context<AppEnv>) => new URL(c.req.url).protocol === 'https:';

function readCookie(c: Context<AppEnv>): string | undefined {
  try {
    const value = getCookie(c, SESSION_COOKIE);
    return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the logged-in member on the context: one D1 lookup, only when a well-formed session
 * cookie is sent. Static files never come here (see app.ts).
 */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readCookie(c);
  let member: Member | null = null;
  let hash: string | null = null;
  if (token) {
    hash = await tokenHash(token);
    member = await memberBySession(c.get('db'), hash, c.get('tenant').company_id, clock.now());
  }
  c.set('member', member);
  c.set('sessionHash', member ? hash : null);
  await next();
};

/** Spec section 8: protected calls answer 403 authentication_required to a visitor. */
export function requireMember(c: Context<AppEnv>): Member {
  const member = c.get('member');
  if (!member) throw new AppError('authentication_required', 403);
  return member;
}

/** A new random token for this member: the statement to store its hash, and the cookie to set after. */
export async function newSession(c: Context<AppEnv>, memberId: number) {
  const token = newToken();
  const statement = insertSession(c.get('db'), await tokenHash(token), memberId, clock.now());
  const setSessionCookie = () =>
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(c),
      path: '/',
      maxAge: SESSION_DAYS * 86400,
    });
  return { statement, setSessionCookie };
}

export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(c) });
