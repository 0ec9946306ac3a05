import { and, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { accountTokens, mailOutbox, members, sessions } from '../../db/schema';
import type { Member } from '../../domain/members';
import type { Db } from '../../lib/db';

export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];
type MemberChanges = Partial<typeof members.$inferInsert>;

export const LOCK_MINUTES = 15;
export const MAX_FAILED_LOGINS = 5;

export const insertMember = (db: Db, member: typeof members.$inferInsert) => db.insert(members).values(member);

/** Sets columns of one member's row and returns it; `where` narrows it further (a guard against a race). */
export const updateMember = (db: Db, memberId: number, changes: MemberChanges, where?: SQL) =>
  db.update(members).set(changes).where(and(eq(members.id, memberId), where)).returning();

/** The wizard moves on only from the step it is at, so a double submit cannot skip a step. */
export const advanceSignup = (db: Db, memberId: number, from: string, to: string, changes: MemberChanges) =>
  updateMember(db, memberId, { ...changes, signupStep: to }, eq(members.signupStep, from));

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

export const setPassword = (db: Db, memberId: number, passwordHash: string) =>
  db.update(members).set({ passwordHash, failedLogins: 0, firstFailedAt: null, lockedUntil: null }).where(eq(members.id, memberId));

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

/**
 * The activation link is used and the member confirmed in one batch (a deleted account is not
 * confirmed); says whether a member was confirmed.
 */
export async function activate(db: Db, hash: string, now: Date) {
  const at = now.toISOString();
  const [, confirmed] = await db.batch([
    db.update(accountTokens).set({ usedAt: at }).where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.kind, 'activate'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, at))),
    db
      .update(members)
      .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: at })
      .where(and(eq(members.status, 'not_confirmed'), sql`${members.id} = (SELECT member_id FROM account_tokens WHERE token_hash = ${hash} AND used_at = ${at})`))
      .returning({ id: members.id }),
  ]);
  return confirmed.length > 0;
}

/** Password change, reset and deletion void the member's outstanding reset and e-mail change links. */
export const dropPendingLinks = (db: Db, memberId: number) =>
  db.delete(accountTokens).where(and(eq(accountTokens.memberId, memberId), inArray(accountTokens.kind, ['reset', 'mail_change']), isNull(accountTokens.usedAt)));

/** Deletion: hidden from everyone at once, every session gone. */
export const markDeleted = (db: Db, memberId: number, reason: string, now: Date) =>
  [
    db.update(members).set({ status: 'deleted', deletedAt: now.toISOString(), deleteReason: reason }).where(eq(members.id, memberId)),
    db.delete(sessions).where(eq(sessions.memberId, memberId)),
  ] as const;

/** Reactivation within the grace period, back to the status the member had. */
export const reactivateMember = (db: Db, member: Pick<Member, 'id' | 'emailConfirmedAt'>) => {
  const status = member.emailConfirmedAt ? ('active' as const) : ('not_confirmed' as const);
  return { status, statement: db.update(members).set({ status, deletedAt: null, deleteReason: null }).where(and(eq(members.id, member.id), ne(members.status, 'active'))) };
};

/** Accounts deleted before the cutoff whose personal data is still there. */
export const dueForErasure = (db: Db, cutoff: Date) =>
  db.select({ id: members.id }).from(members).where(and(eq(members.status, 'deleted'), isNull(members.erasedAt), lt(members.deletedAt, cutoff.toISOString())));

/** The member row keeps its id (ledger and payments refer to it); everything personal goes. */
export const anonymise = (db: Db, memberId: number, now: Date) =>
  db
    .update(members)
    .set({
      email: `erased-${memberId}@erased.invalid`,
      name: 'Erased',
      passwordHash: null,
      birthDate: '1900-01-01',
      region: null,
      city: null,
      aboutMe: null,
      sexuality: null,
      gender: 'male',
      country: 'XX',
      interests: '[]',
      hairColour: null,
      eyeColour: null,
      bodyType: null,
      relationshipStatus: null,
      tattoos: null,
      signupReason: null,
      notificationsDisabled: '[]',
      mainPhotoId: null,
      trackingNetwork: null,
      trackingRef: null,
      trackingSub1: null,
      trackingSub2: null,
      trackingSub3: null,
      erasedAt: now.toISOString(),
    })
    .where(eq(members.id, memberId));

/** What the account feature keeps of a member besides the row: sessions, links and mails (they carry the address, the name and links). */
export const eraseAccountData = (db: Db, memberId: number) => [
  db.delete(sessions).where(eq(sessions.memberId, memberId)),
  db.delete(accountTokens).where(eq(accountTokens.memberId, memberId)),
  db.delete(mailOutbox).where(eq(mailOutbox.memberId, memberId)),
];
