import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { accountTokens, creditLedger, members, sessions } from '../../db/schema';
import type { Db } from '../../lib/db';

export type Member = typeof members.$inferSelect;
export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];

export const SESSION_DAYS = 30;
export const LOCK_MINUTES = 15;
export const MAX_FAILED_LOGINS = 5;

export const memberByEmail = (db: Db, companyId: number, email: string) =>
  db.query.members.findFirst({ where: and(eq(members.companyId, companyId), eq(members.email, email)) });

export const memberById = (db: Db, id: number) => db.query.members.findFirst({ where: eq(members.id, id) });

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

/**
 * Takes a login attempt before the password is checked, in one statement: none while the
 * account is locked (no row comes back), and the 5th attempt inside 15 minutes sets the lock.
 * Parallel guesses therefore cannot get past 5; a right password clears the count afterwards.
 */
export function reserveLoginAttempt(db: Db, memberId: number, now: Date) {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - LOCK_MINUTES * 60_000).toISOString();
  const lockedUntil = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
  const inWindow = sql`(${members.firstFailedAt} IS NOT NULL AND ${members.firstFailedAt} > ${windowStart})`;
  const count = sql`CASE WHEN ${inWindow} THEN ${members.failedLogins} + 1 ELSE 1 END`;
  return db
    .update(members)
    .set({
      firstFailedAt: sql`CASE WHEN ${inWindow} THEN ${members.firstFailedAt} ELSE ${at} END`,
      lockedUntil: sql`CASE WHEN ${count} >= ${MAX_FAILED_LOGINS} THEN ${lockedUntil} ELSE ${members.lockedUntil} END`,
      failedLogins: sql`CASE WHEN ${count} >= ${MAX_FAILED_LOGINS} THEN 0 ELSE ${count} END`,
    })
    .where(and(eq(members.id, memberId), sql`(${members.lockedUntil} IS NULL OR ${members.lockedUntil} <= ${at})`))
    .returning({ lockedUntil: members.lockedUntil });
}

export const clearFailedLogins = (db: Db, memberId: number) =>
  db.update(members).set({ failedLogins: 0, firstFailedAt: null, lockedUntil: null }).where(eq(members.id, memberId));

export const insertToken = (db: Db, hash: string, memberId: number, kind: TokenKind, now: Date, ttlMs: number, data?: string) =>
  db.insert(accountTokens).values({
    tokenHash: hash,
    memberId,
    kind,
    data: data ?? null,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  });

/** Marks a live token of this kind used and returns it; a second use finds nothing. */
export async function consumeToken(db: Db, hash: string, kind: TokenKind, now: Date) {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now.toISOString())))
    .returning();
  return rows[0] ?? null;
}

/** A ledger row for a grant that set the balance in the same batch (signup credits). */
export const ledgerRow = (db: Db, memberId: number, delta: number, balanceAfter: number, reason: string, ref: string, now: Date) =>
  db.insert(creditLedger).values({ memberId, delta, balanceAfter, reason, ref, createdAt: now.toISOString() }).onConflictDoNothing();

/** Password change, reset and deletion void the member's outstanding reset and e-mail change links. */
export const dropPendingLinks = (db: Db, memberId: number) =>
  db.delete(accountTokens).where(and(eq(accountTokens.memberId, memberId), inArray(accountTokens.kind, ['reset', 'mail_change']), isNull(accountTokens.usedAt)));
