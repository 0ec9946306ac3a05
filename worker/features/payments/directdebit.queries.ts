import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { directDebitBlocks, directDebitRequests, mandates, paymentCustomers, payments, rateLimits, smsOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

type NewRequest = typeof directDebitRequests.$inferInsert;
export type DirectDebitRequestRow = typeof directDebitRequests.$inferSelect;

/** Is this IBAN or this phone on the block list? */
export async function isBlocked(db: Db, iban: string, phone: string) {
  const row = await db
    .select({ kind: directDebitBlocks.kind })
    .from(directDebitBlocks)
    .where(
      or(
        and(eq(directDebitBlocks.kind, 'iban'), eq(directDebitBlocks.value, iban)),
        and(eq(directDebitBlocks.kind, 'phone'), eq(directDebitBlocks.value, phone)),
      ),
    )
    .limit(1);
  return row.length > 0;
}

/** Uses of a rate-limit key in its current window and when that began (count 0 when none), without taking one. */
export async function rateLimitCount(db: Db, key: string, windowMs: number, now: Date) {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, new Date(now.getTime() - windowMs).toISOString())));
  return row ?? { count: 0, windowStart: now.toISOString() };
}

/** The request and its SMS in one batch. */
export const insertRequest = (db: Db, row: NewRequest, sms: Parameters<Db['batch']>[0][number]) =>
  db.batch([db.insert(directDebitRequests).values(row), sms]);

/**
 * One try of the member's request, taken before the code is compared: the count goes up only
 * while the request is unused, unexpired and under `max` tries, in one UPDATE, so parallel
 * guesses cannot take more than `max` between them. The request (with the code's hash) when the
 * try was taken, else undefined.
 */
export async function takeAttempt(db: Db, memberId: number, id: string, max: number, now: Date) {
  const [row] = await db
    .update(directDebitRequests)
    .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
    .where(
      and(
        eq(directDebitRequests.id, id),
        eq(directDebitRequests.memberId, memberId),
        isNull(directDebitRequests.usedAt),
        lt(directDebitRequests.attempts, max),
        gt(directDebitRequests.expiresAt, now.toISOString()),
      ),
    )
    .returning();
  return row;
}

/** The member's request (anyone else's is not found). */
export const requestOf = (db: Db, memberId: number, id: string) =>
  db.query.directDebitRequests.findFirst({
    columns: { id: true },
    where: and(eq(directDebitRequests.id, id), eq(directDebitRequests.memberId, memberId)),
  });

/** The right code: the request becomes used, once (a parallel confirm finds it used). */
export async function markUsed(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(directDebitRequests)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(directDebitRequests.id, id), isNull(directDebitRequests.usedAt)))
    .returning({ id: directDebitRequests.id });
  return row !== undefined;
}

export const linkPayment = (db: Db, id: string, paymentId: string) =>
  db.update(directDebitRequests).set({ paymentId }).where(eq(directDebitRequests.id, id));

/** The package of the member's newest paid payment (what a repeat order offers first). */
export async function lastPaidPackage(db: Db, memberId: number) {
  const [row] = await db
    .select({ package: payments.package })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row?.package ?? null;
}

/**
 * Erasure of a member's bank data: the direct-debit requests keep their money and dates but lose
 * the holder, IBAN, address and phone; the SMS go; the mandates are revoked with their label
 * cleared; the customer ids go (the payments stay, see payments.feature).
 */
export const eraseBankData = (db: Db, memberId: number) => [
  db
    .update(directDebitRequests)
    .set({ holder: null, iban: null, street: null, houseNumber: null, zip: null, city: null, phone: null })
    .where(eq(directDebitRequests.memberId, memberId)),
  db.delete(smsOutbox).where(eq(smsOutbox.memberId, memberId)),
  db.update(mandates).set({ label: '', status: 'revoked' }).where(eq(mandates.memberId, memberId)),
  db.delete(paymentCustomers).where(eq(paymentCustomers.memberId, memberId)),
];

/**
 * The daily clean-up: direct-debit requests never confirmed lose their bank data a day after
 * they expired (nothing was signed with them), and SMS older than 7 days go.
 */
export async function cleanUpDirectDebit(db: Db, now: Date) {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const [requests, sms] = await db.batch([
    db
      .update(directDebitRequests)
      .set({ holder: null, iban: null, street: null, houseNumber: null, zip: null, city: null, phone: null })
      .where(
        and(isNull(directDebitRequests.usedAt), lt(directDebitRequests.expiresAt, dayAgo), sql`${directDebitRequests.iban} IS NOT NULL`),
      )
      .returning({ id: directDebitRequests.id }),
    db.delete(smsOutbox).where(lt(smsOutbox.createdAt, weekAgo)).returning({ id: smsOutbox.id }),
  ]);
  return { requests: requests.length, sms: sms.length };
}
