import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { matchedRoutes } from 'hono/route';
import { insertSession, memberBySession, memberOfSessionRow, sessionMemberRow, sessionValues, SESSION_DAYS } from '../domain/sessions';
import type { Member } from '../domain/members';
import type { AppEnv } from '../env';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { members } from '../db/schema';
import { clock } from '../lib/clock';
import { newToken, tokenHash } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { timed } from '../lib/timing';

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
 * Marks a route whose handler looks the session up in its own first D1 batch (sessionForBatch)
 * instead of a round trip of its own before it: the hot chat calls. It does nothing itself.
 */
export const ownSessionLookup: MiddlewareHandler<AppEnv> = (_c, next) => next();
/**
 * Marks a route that answers the same to every visitor and member (the site's settings, company,
 * interests, regions): its session cookie is not looked up at all (no round trip, no activity
 * noted). It does nothing itself.
 */
export const noSessionLookup: MiddlewareHandler<AppEnv> = (_c, next) => next();
// a sub-app with its own error handler wraps its handlers and keeps the original under this key (hono-base.ts)
const isMarker = (handler: unknown, marker: MiddlewareHandler<AppEnv>) => handler === marker || (handler as Record<string, unknown>)['__COMPOSED_HANDLER'] === marker;
/**
 * How the route that answers (the first matched route that is not middleware: `use` registers
 * for every method) is marked, if it is. Only its own entries count: a later catch-all route (the
 * app shell's `GET *`, itself marked) matches every path but answers only what nothing else did.
 */
function markOf(c: Context<AppEnv>): 'own' | 'none' | null {
  const routes = matchedRoutes(c);
  const answering = routes.find((r) => r.method !== 'ALL');
  if (!answering) return null;
  const own = routes.filter((r) => r.method === answering.method && r.path === answering.path);
  if (own.some((r) => isMarker(r.handler, ownSessionLookup))) return 'own';
  if (own.some((r) => isMarker(r.handler, noSessionLookup))) return 'none';
  return null;
}

/** The last activity is written at most this often per member (README, "Activity and online"). */
export const ACTIVITY_EVERY_MS = 60_000;

/**
 * A member's request counts as activity ("online", mail instead of push) unless the page that
 * made it was hidden (a background refresh says so with `request-visibility: hidden`). The write
 * happens at most once a minute (the member row the session brought tells when it last did) and
 * after the answer, so a request costs no extra round trip.
 */
function noteActivity(c: Context<AppEnv>, member: Member) {
  if (c.req.header('request-visibility') === 'hidden') return;
  const now = clock.now();
  const stale = new Date(now.getTime() - ACTIVITY_EVERY_MS).toISOString();
  if (member.lastActiveAt && member.lastActiveAt > stale) return;
  const write = c
    .get('db')
    .update(members)
    .set({ lastActiveAt: now.toISOString() })
    .where(and(eq(members.id, member.id), or(isNull(members.lastActiveAt), lt(members.lastActiveAt, stale))));
  try {
    c.executionCtx.waitUntil(write.then(() => undefined, (error: unknown) => console.error('activity:', error)));
  } catch {
    // no execution context (a request made inside the worker): not worth a write of its own
  }
}

/**
 * Puts the logged-in member on the context: one D1 lookup, only when a well-formed session
 * cookie is sent. Static files never come here (see app.ts). Routes marked with
 * ownSessionLookup get only the cookie's hash; their handler settles the member. Routes marked
 * with noSessionLookup get no member.
 */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readCookie(c);
  let member: Member | null = null;
  let hash: string | null = null;
  const mark = token ? markOf(c) : null;
  if (token && mark !== 'none') {
    const started = Date.now();
    hash = await tokenHash(token);
    if (mark === 'own') {
      c.set('member', null);
      c.set('sessionHash', null);
      c.set('pendingSession', hash);
      return next();
    }
    member = await memberBySession(c.get('db'), hash, c.get('tenant').company_id, clock.now());
    timed(c, 'session', started);
  }
  c.set('member', member);
  c.set('sessionHash', member ? hash : null);
  c.set('pendingSession', null);
  if (member) noteActivity(c, member);
  await next();
};

/** Spec section 8: protected calls answer 403 authentication_required to a visitor. */
export function requireMember(c: Context<AppEnv>): Member {
  const member = c.get('member');
  // a route that looks the session up itself must settle it first; never taken for a visitor
  if (!member && c.get('pendingSession')) throw new Error('requireMember before the route settled its session (sessionForBatch)');
  if (!member) throw new AppError('authentication_required', 403);
  return member;
}

/**
 * The session lookup of a route marked ownSessionLookup, for its first batch: `statement` (the
 * session's member, none or one row) goes first in the batch, and the batch's other statements
 * find the member by `values` (reusable statements built with sessionMemberId or
 * sessionTokenMemberId: nothing of anybody's without a live token; writes also check the member,
 * sessionMemberIs). `settle` then answers the member, exactly as the middleware
 * would, or throws 403; `lookup` does the same in a round trip of its own (for the paths that are
 * not hot). Without a session cookie it throws 403 at once.
 */
export function sessionForBatch(c: Context<AppEnv>) {
  // a route that was not marked already has its member: the batch checks the same session again
  const hash = c.get('pendingSession') ?? c.get('sessionHash');
  if (!hash) throw new AppError('authentication_required', 403);
  const db = c.get('db');
  const values = sessionValues(hash, c.get('tenant').company_id, clock.now());
  const settle = (rows: Awaited<ReturnType<typeof sessionMemberRow>>): Member => {
    const member = memberOfSessionRow(rows);
    if (!member) throw new AppError('authentication_required', 403);
    // a route that was not marked noted it already in the middleware
    if (c.get('pendingSession')) noteActivity(c, member);
    c.set('member', member);
    c.set('sessionHash', hash);
    c.set('pendingSession', null);
    return member;
  };
  return {
    statement: sessionMemberRow(db, values),
    values,
    settle,
    lookup: async () => settle((await db.batch([sessionMemberRow(db, values)]))[0]),
  };
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
