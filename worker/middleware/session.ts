import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { insertSession, memberBySession, memberOfSessionRow, sessionMemberRow, sessionValues, SESSION_DAYS } from '../domain/sessions';
import type { Member } from '../domain/members';
import type { AppEnv } from '../env';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { members } from '../db/schema';
import { clock } from '../lib/clock';
import { newToken, tokenHash } from '../lib/crypto';
import { AppError } from '../lib/errors';
import { timed } from './timing';

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

/** The last activity is written at most this often per member (docs/decisions/064-activity-and-online.md). */
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
    c.executionCtx.waitUntil(
      write.then(
        () => undefined,
        (error: unknown) => console.error('activity:', error),
      ),
    );
  } catch {
    // no execution context (a request made inside the worker): not worth a write of its own
  }
}

/**
 * Reads the session cookie and keeps its hash on the context (`sessionHash`): no D1, and nothing
 * about routes. The member is looked up only when the route asks, in one of two ways
 * (docs/decisions/171-the-session-on-demand.md): `memberOf`/`requireMember` (a round trip of
 * its own, once per request), or `sessionForBatch` (the session row first in the route's own
 * first batch: the hot calls). A route that never asks (the site's settings) costs no lookup.
 */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readCookie(c);
  c.set('sessionHash', token ? await tokenHash(token) : null);
  await next();
};

/** The request's member, found (or not) by the route: kept for the rest of the request, its activity noted once. */
function remember(c: Context<AppEnv>, member: Member | null): Member | null {
  const first = c.get('memberLookup') === undefined;
  c.set('memberLookup', Promise.resolve(member));
  if (member && first) noteActivity(c, member);
  return member;
}

/**
 * The logged-in member, or null for a visitor (no cookie, or a session that is not live: expired,
 * logged out, another company's, a deleted or banned member). The first ask looks the session up
 * in a D1 round trip of its own; later asks in the same request get the same answer.
 */
export function memberOf(c: Context<AppEnv>): Promise<Member | null> {
  const known = c.get('memberLookup');
  if (known) return known;
  const hash = c.get('sessionHash');
  if (!hash) {
    const none = Promise.resolve(null);
    c.set('memberLookup', none);
    return none;
  }
  const started = Date.now();
  const lookup = memberBySession(c.get('db'), hash, c.get('tenant').company_id, clock.now()).then((member) => {
    timed(c, 'session', started);
    if (member) noteActivity(c, member);
    return member;
  });
  c.set('memberLookup', lookup);
  return lookup;
}

/** Spec section 8: protected calls answer 403 authentication_required to a visitor. */
export async function requireMember(c: Context<AppEnv>): Promise<Member> {
  const member = await memberOf(c);
  if (!member) throw new AppError('authentication_required', 403);
  return member;
}

/**
 * The session lookup folded into a route's own first batch (the hot calls: one D1 round trip
 * where memberOf would take two). `statement` (the session's member, none or one row) goes first
 * in the batch, and the batch's other statements find the member by `values` (reusable
 * statements built with sessionMemberId or sessionTokenMemberId: nothing of anybody's without a
 * live token; writes also check the member, sessionMemberIs). `member` then answers the member
 * of those rows, or null, exactly as memberOf would; `settle` answers the member or throws 403;
 * `lookup` is requireMember (a round trip of its own, for the paths that are not hot). Null
 * without a session cookie: a visitor, known without any lookup.
 */
export function batchSession(c: Context<AppEnv>) {
  const hash = c.get('sessionHash');
  if (!hash) return null;
  const db = c.get('db');
  const values = sessionValues(hash, c.get('tenant').company_id, clock.now());
  const member = (rows: Awaited<ReturnType<typeof sessionMemberRow>>) => remember(c, memberOfSessionRow(rows));
  return {
    statement: sessionMemberRow(db, values),
    values,
    member,
    settle: (rows: Awaited<ReturnType<typeof sessionMemberRow>>): Member => {
      const found = member(rows);
      if (!found) throw new AppError('authentication_required', 403);
      return found;
    },
    lookup: () => requireMember(c),
  };
}

/** batchSession for a protected call: a visitor (no session cookie) gets 403 at once, before any lookup or input. */
export function sessionForBatch(c: Context<AppEnv>) {
  const session = batchSession(c);
  if (!session) throw new AppError('authentication_required', 403);
  return session;
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
