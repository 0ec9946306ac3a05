import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { members, sessions } from '../db/schema';
import { reusable, type Db } from '../lib/db';

/** Sessions live 30 days; only the SHA-256 of the token is stored. */
export const SESSION_DAYS = 30;

/** What finds a session's member: the token's hash, this site's company, the time now (ISO). */
export type SessionValues = { hash: string; company: number; now: string };
/** The same as named parameters of a reusable statement (lib/db.ts). */
export type SessionParams = { [K in keyof SessionValues]: SQL };

/** A live session: this token hash, not expired, of a member of this company's pool who is not deleted nor banned. */
const live = (p: SessionParams) =>
  and(
    eq(sessions.tokenHash, p.hash),
    gt(sessions.expiresAt, p.now),
    eq(members.companyId, p.company),
    ne(members.status, 'deleted'),
    ne(members.moderation, 'banned'),
  );

/** The member of a live session (none, or one row); drizzle builds it once (46 columns). */
const buildSessionRow = (db: Db, p: SessionParams) =>
  db.select({ member: members }).from(sessions).innerJoin(members, eq(members.id, sessions.memberId)).where(live(p)).limit(1);
const sessionRow = reusable<SessionValues, ReturnType<typeof buildSessionRow>>(buildSessionRow);

export const sessionValues = (hash: string, companyId: number, now: Date): SessionValues => ({
  hash,
  company: companyId,
  now: now.toISOString(),
});

/** The session's member row as an item for a caller's batch (none, or one row). */
export const sessionMemberRow = (db: Db, values: SessionValues) => sessionRow.item(db, values);

/**
 * The id of the same live session's member as a scalar subquery (NULL without one), for the
 * other statements of a batch that looks the session up itself (reusable ones, given the
 * session's parameters): they find nothing of anybody's when the session is not live, and the
 * caller refuses the request on the session row.
 */
export const sessionMemberId = (db: Db, p: SessionParams): SQL =>
  sql`${db.select({ id: sessions.memberId }).from(sessions).innerJoin(members, eq(members.id, sessions.memberId)).where(live(p)).limit(1)}`;

/**
 * The member id the session's token finds (its hash, not expired), without the member's checks:
 * a smaller subquery for the many places a batch's statements name the member (SQLite compiles
 * every statement of every batch). Only for statements whose answers count after the session
 * row has settled the member (the same token: the same member), and for writes that also hold
 * the member to sessionMemberIs.
 */
export const sessionTokenMemberId = (p: SessionParams): SQL =>
  sql`(SELECT ${sessions.memberId} FROM ${sessions} WHERE ${sessions.tokenHash} = ${p.hash} AND ${sessions.expiresAt} > ${p.now})`;

/** The member named by `id` is in this company's pool and not deleted (with `active`: confirmed too), as the session row requires. */
export const sessionMemberIs = (p: SessionParams, id: SQL, { active = false } = {}): SQL =>
  sql`EXISTS (SELECT 1 FROM ${members} WHERE ${members.id} = ${id} AND ${members.companyId} = ${p.company} AND ${members.moderation} != 'banned' AND ${active ? sql`${members.status} = 'active'` : sql`${members.status} != 'deleted'`})`;

/** The member of a session row answered by sessionMemberRow, or null. */
export const memberOfSessionRow = (rows: { member: typeof members.$inferSelect }[]) => rows[0]?.member ?? null;

/** The member behind a session token hash, if the session is live and belongs to this company's pool. */
export const memberBySession = async (db: Db, hash: string, companyId: number, now: Date) =>
  memberOfSessionRow(await sessionRow.all(db, sessionValues(hash, companyId, now)));

export const insertSession = (db: Db, hash: string, memberId: number, now: Date) =>
  db.insert(sessions).values({
    tokenHash: hash,
    memberId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86400_000).toISOString(),
  });

export const deleteSession = (db: Db, hash: string) => db.delete(sessions).where(eq(sessions.tokenHash, hash));
export const deleteMemberSessions = (db: Db, memberId: number) => db.delete(sessions).where(eq(sessions.memberId, memberId));
