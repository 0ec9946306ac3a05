import { and, eq, gt, inArray, isNull, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { accountTokens, mailOutbox, members, rateLimits, sessions } from '../../db/schema';
import type { Member } from '../../domain/members';
import type { Db } from '../../lib/db';
import { attemptUpsert, rateWindow } from '../../lib/rate-limit';

export type TokenKind = (typeof accountTokens.$inferSelect)['kind'];
type MemberChanges = Partial<typeof members.$inferInsert>;

export const LOCK_MINUTES = 15;
export const insertMember = (db: Db, member: typeof members.$inferInsert) => db.insert(members).values(member);

/** Sets columns of one member's row and returns it; `where` narrows it further (a guard against a race). */
export const updateMember = (db: Db, memberId: number, changes: MemberChanges, where?: SQL) =>
  db.update(members).set(changes).where(and(eq(members.id, memberId), where)).returning();

/** The wizard moves on only from the step it is at, so a double submit cannot skip a step. */
export const advanceSignup = (db: Db, memberId: number, from: string, to: string, changes: MemberChanges) =>
  updateMember(db, memberId, { ...changes, signupStep: to }, eq(members.signupStep, from));

/** Failed attempts a client may make on one account in LOCK_MINUTES (the spec's 5). */
export const MAX_FAILED_LOGINS = 5;
/** Attempts on one account from all clients together in LOCK_MINUTES (README, "Lockout"). */
export const MAX_ACCOUNT_ATTEMPTS = 20;

/**
 * Takes a password attempt before the password is checked, in one batch, counted in
 * `rate_limits` under the address's key (known or not, so the answers cannot differ): one for
 * this account from this client (`pair`, MAX_FAILED_LOGINS), one for the account from everyone
 * (`account`, MAX_ACCOUNT_ATTEMPTS). The attempt that reaches a maximum starts a lock of
 * LOCK_MINUTES. A client counts toward the account only while it is itself not locked, and
 * not at all while the account is: a stranger who keeps failing locks only their own client.
 * Answers both rows (live or expired) for the caller to decide.
 */
export function takeAttemptStatements(db: Db, keys: { pair: string; account: string }, now: Date) {
  const windowMs = LOCK_MINUTES * 60_000;
  const { expired } = rateWindow(windowMs, now);
  const full = (key: string, max: number) => sql`EXISTS (SELECT 1 FROM rate_limits WHERE key = ${key} AND window_start > ${expired} AND count >= ${max})`;
  const past = (key: string, max: number) => sql`EXISTS (SELECT 1 FROM rate_limits WHERE key = ${key} AND window_start > ${expired} AND count > ${max})`;
  return [
    attemptUpsert(db, keys.pair, MAX_FAILED_LOGINS, windowMs, now, sql`NOT ${full(keys.account, MAX_ACCOUNT_ATTEMPTS)}`),
    attemptUpsert(db, keys.account, MAX_ACCOUNT_ATTEMPTS, windowMs, now, sql`NOT ${past(keys.pair, MAX_FAILED_LOGINS)}`),
    db.select().from(rateLimits).where(inArray(rateLimits.key, [keys.pair, keys.account])),
  ] as const;
}

/**
 * A right password: this client's failures are forgotten, and this attempt is taken off the
 * account's count, which so counts failures only (else an owner who logs in often, or on several
 * devices, would lock the account after MAX_ACCOUNT_ATTEMPTS good logins).
 */
export const clearAttempts = (db: Db, keys: { pair: string; account: string }) =>
  [
    db.delete(rateLimits).where(eq(rateLimits.key, keys.pair)),
    db.update(rateLimits).set({ count: sql`max(${rateLimits.count} - 1, 0)` }).where(eq(rateLimits.key, keys.account)),
  ] as const;

/**
 * The counters of the limits per client and of the lockout, a day after their window began (all
 * their windows are an hour or less): connecting addresses are not kept longer than that.
 */
export const dropOldClientCounters = (db: Db, now: Date) =>
  db
    .delete(rateLimits)
    .where(and(or(like(rateLimits.key, 'client:%'), like(rateLimits.key, 'login:%')), lt(rateLimits.windowStart, new Date(now.getTime() - 86400_000).toISOString())));

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
      // the followed link proves the mailbox: mail switched off by a bounce starts again
      .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: at, notificationsDisabled: '[]' })
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

/** What the account feature keeps of a member besides the row: sessions, links, mails to them and about them (address, name, links), their limits. */
export const eraseAccountData = (db: Db, memberId: number) => [
  db.delete(sessions).where(eq(sessions.memberId, memberId)),
  db.delete(accountTokens).where(eq(accountTokens.memberId, memberId)),
  db.delete(mailOutbox).where(eq(mailOutbox.memberId, memberId)),
  // mails to others that name the member (a like, a message, the weekly digest link to them or
  // to the conversation with them, and carry their name): the erased member's name and id go too
  db.delete(mailOutbox).where(
    or(
      like(mailOutbox.text, `%/m/${memberId}%`),
      like(mailOutbox.text, `%/members/${memberId}%`),
      sql`EXISTS (SELECT 1 FROM conversations c WHERE (c.member_a = ${memberId} OR c.member_b = ${memberId}) AND ${mailOutbox.text} LIKE '%/chats/' || c.id || '%')`,
    ),
  ),
  // the per-member limits (`reset:<id>`, `send:<id>`, `export:<id>`, …) name the member in their key
  db.delete(rateLimits).where(like(rateLimits.key, `%:${memberId}`)),
];
