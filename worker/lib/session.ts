import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { SESSION_DAYS, insertSession, memberBySession, type Member } from '../features/account/account.queries';
import { AppError } from '../middleware/errors';
import { clock } from './clock';
import { newToken, tokenHash } from './crypto';
import { getDb } from './db';

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

/** The logged-in member of this request (loaded once), or null for a visitor. */
export async function getMember(c: Context<AppEnv>): Promise<Member | null> {
  const cached = c.get('member');
  if (cached !== undefined) return cached;
  const token = readCookie(c);
  let member: Member | null = null;
  if (token) {
    const hash = await tokenHash(token);
    member = await memberBySession(getDb(c.env.DB), hash, c.get('tenant').company_id, clock.now());
    c.set('sessionHash', member ? hash : null);
  }
  c.set('member', member);
  return member;
}

/** Spec section 8: protected calls answer 403 authentication_required to a visitor. */
export async function requireMember(c: Context<AppEnv>): Promise<Member> {
  const member = await getMember(c);
  if (!member) throw new AppError('authentication_required', 403);
  return member;
}

/** A new random token for this member: the statement to store its hash, and the cookie to set after. */
export async function newSession(c: Context<AppEnv>, memberId: number) {
  const token = newToken();
  const statement = insertSession(getDb(c.env.DB), await tokenHash(token), memberId, clock.now());
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
