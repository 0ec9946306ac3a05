import { and, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { members, sessions } from '../db/schema';
import type { Db } from '../lib/db';

/** Sessions live 30 days; only the SHA-256 of the token is stored. */
export const SESSION_DAYS = 30;

/** A live session: this token hash, not expired, of a member of this company's pool who is not deleted. */
const live = (hash: string, companyId: number, now: Date) =>
  and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, now.toISOString()), eq(members.companyId, companyId), ne(members.status, 'deleted'));

/** The member of a live session (none, or one row), as a statement for a caller's batch. */
export const sessionMemberRow = (db: Db, hash: string, companyId: number, now: Date) =>
  db.select({ member: members }).from(sessions).innerJoin(members, eq(members.id, sessions.memberId)).where(live(hash, companyId, now)).limit(1);

/**
 * The id of the same live session's member as a scalar subquery (NULL without one), for the
 * other statements of a batch that looks the session up itself: they find nothing of anybody's
 * when the session is not live, and the caller refuses the request on the session row.
 */
export const sessionMemberId = (db: Db, hash: string, companyId: number, now: Date): SQL =>
  sql`(${db.select({ id: sessions.memberId }).from(sessions).innerJoin(members, eq(members.id, sessions.memberId)).where(live(hash, companyId, now)).limit(1)})`;

/** The member of a session row answered by sessionMemberRow, or null. */
export const memberOfSessionRow = (rows: { member: typeof members.$inferSelect }[]) => rows[0]?.member ?? null;

/** The member behind a session token hash, if the session is live and belongs to this company's pool. */
export const memberBySession = async (db: Db, hash: string, companyId: number, now: Date) =>
  memberOfSessionRow(await sessionMemberRow(db, hash, companyId, now));

export const insertSession = (db: Db, hash: string, memberId: number, now: Date) =>
  db.insert(sessions).values({
    tokenHash: hash,
    memberId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86400_000).toISOString(),
  });

export const deleteSession = (db: Db, hash: string) => db.delete(sessions).where(eq(sessions.tokenHash, hash));
export const deleteMemberSessions = (db: Db, memberId: number) => db.delete(sessions).where(eq(sessions.memberId, memberId));
