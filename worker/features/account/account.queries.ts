import { and, eq, gt, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { accountTokens, mailOutbox, members, rateLimits, sessions } from '../../db/schema';
import type { Member } from '../../domain/members';
import type { Db } from '../../lib/db';

export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];
type MemberChanges = Partial<typeof members.$inferInsert>;

export const insertMember = (db: Db, member: typeof members.$inferInsert) => db.insert(members).values(member);

/** Sets columns of one member's row and returns it; `where` narrows it further (a guard against a race). */
export const updateMember = (db: Db, memberId: number, changes: MemberChanges, where?: SQL) =>
  db
    .update(members)
    .set(changes)
    .where(and(eq(members.id, memberId), where))
    .returning();

/** Mail to the member starts again (reconfirm link), only while the member still has the address the link went to. */
export const reenableMail = (db: Db, memberId: number, email: string) =>
  updateMember(db, memberId, { notificationsDisabled: '[]' }, eq(members.email, email));

/** The wizard moves on only from the step it is at, so a double submit cannot skip a step. */
export const advanceSignup = (db: Db, memberId: number, from: string, to: string, changes: MemberChanges) =>
  updateMember(db, memberId, { ...changes, signupStep: to }, eq(members.signupStep, from));

/**
 * The counters of the limits per client and of the lockout, a day after their window began (all
 * their windows are an hour or less): connecting addresses are not kept longer than that.
 */
export const dropOldClientCounters = (db: Db, now: Date) =>
  db
    .delete(rateLimits)
    .where(
      and(
        or(like(rateLimits.key, 'client:%'), like(rateLimits.key, 'login:%')),
        lt(rateLimits.windowStart, new Date(now.getTime() - 86400_000).toISOString()),
      ),
    );

/** A reset proves the mailbox: every lock on the address ends. */
export const clearAllAttempts = (db: Db, accountKey: string) =>
  db.delete(rateLimits).where(or(eq(rateLimits.key, accountKey), like(rateLimits.key, `${accountKey}:%`)));

export const setPassword = (db: Db, memberId: number, passwordHash: string) =>
  db.update(members).set({ passwordHash }).where(eq(members.id, memberId));

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
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now.toISOString()),
      ),
    )
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
    db
      .update(accountTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(accountTokens.tokenHash, hash),
          eq(accountTokens.kind, 'activate'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, at),
        ),
      ),
    db
      .update(members)
      // the followed link proves the mailbox: mail switched off by a bounce starts again
      .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: at, notificationsDisabled: '[]' })
      .where(
        and(
          eq(members.status, 'not_confirmed'),
          sql`${members.id} = (SELECT member_id FROM account_tokens WHERE token_hash = ${hash} AND used_at = ${at})`,
        ),
      )
      .returning({ id: members.id }),
  ]);
  return confirmed.length > 0;
}

/** Password change, reset and deletion void the member's outstanding reset and e-mail change links. */
export const dropPendingLinks = (db: Db, memberId: number) =>
  db
    .delete(accountTokens)
    // eslint-disable-next-line no-restricted-syntax -- bounded: two kinds
    .where(and(eq(accountTokens.memberId, memberId), inArray(accountTokens.kind, ['reset', 'mail_change']), isNull(accountTokens.usedAt)));

/** Deletion: hidden from everyone at once, every session gone. */
export const markDeleted = (db: Db, memberId: number, reason: string, now: Date) =>
  [
    db.update(members).set({ status: 'deleted', deletedAt: now.toISOString(), deleteReason: reason }).where(eq(members.id, memberId)),
    db.delete(sessions).where(eq(sessions.memberId, memberId)),
  ] as const;

/** Reactivation within the grace period, back to the status the member had. */
export const reactivateMember = (db: Db, member: Pick<Member, 'id' | 'emailConfirmedAt'>) => {
  const status = member.emailConfirmedAt ? ('active' as const) : ('not_confirmed' as const);
  return {
    status,
    statement: db
      .update(members)
      .set({ status, deletedAt: null, deleteReason: null })
      .where(and(eq(members.id, member.id), ne(members.status, 'active'))),
  };
};

/** Accounts deleted before the cutoff whose personal data is still there. */
export const dueForErasure = (db: Db, cutoff: Date) =>
  db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.status, 'deleted'), isNull(members.erasedAt), lt(members.deletedAt, cutoff.toISOString())));

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

/** What the account feature keeps of a member besides the row: sessions, links, mails to them and about them (address, name, links), their limits. */
export const eraseAccountData = (db: Db, memberId: number) => [
  db.delete(sessions).where(eq(sessions.memberId, memberId)),
  db.delete(accountTokens).where(eq(accountTokens.memberId, memberId)),
  db.delete(mailOutbox).where(eq(mailOutbox.memberId, memberId)),
  // mails to others that name the member (a like, a message, the weekly digest link to them or
  // to the conversation with them, and carry their name): the erased member's name and id go too
  db
    .delete(mailOutbox)
    .where(
      or(
        like(mailOutbox.text, `%/m/${memberId}%`),
        like(mailOutbox.text, `%/members/${memberId}%`),
        sql`EXISTS (SELECT 1 FROM conversations c WHERE (c.member_a = ${memberId} OR c.member_b = ${memberId}) AND ${mailOutbox.text} LIKE '%/chats/' || c.id || '%')`,
      ),
    ),
  // the per-member limits (`reset:<id>`, `send:<id>`, `export:<id>`, …) name the member in their key
  db.delete(rateLimits).where(like(rateLimits.key, `%:${memberId}`)),
];
