import { and, eq, gt } from 'drizzle-orm';
import { members, sessions } from '../db/schema';
import type { Db } from '../lib/db';

/** Sessions live 30 days; only the SHA-256 of the token is stored. */
export const SESSION_DAYS = 30;

/** The member behind a session token hash, if the session is live and belongs to this company's pool. */
export async function memberBySession(db: Db, hash: string, companyId: number, now: Date) {
  const rows = await db
    .select({ member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, hash), gt(sessions.expiresAt, now.toISOString()), eq(members.companyId, companyId)))
    .limit(1);
  const member = rows[0]?.member;
  return member && member.status !== 'deleted' ? member : null;
}

export const insertSession = (db: Db, hash: string, memberId: number, now: Date) =>
  db.insert(sessions).values({
    tokenHash: hash,
    memberId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86400_000).toISOString(),
  });

export const deleteSession = (db: Db, hash: string) => db.delete(sessions).where(eq(sessions.tokenHash, hash));
export const deleteMemberSessions = (db: Db, memberId: number) => db.delete(sessions).where(eq(sessions.memberId, memberId));
