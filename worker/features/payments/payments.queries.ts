import { and, desc, eq, sql } from 'drizzle-orm';
import { creditLedger, discountRedemptions, paymentReversals, payments } from '../../db/schema';
import { holdDiscount, releaseDiscount, type Discount } from '../../domain/discounts';
import type { Db } from '../../lib/db';

type NewPayment = typeof payments.$inferInsert;

/** What a started payment is: the rest of its row (status open, times) is the same for every start. */
export type PaymentStart = Pick<
  NewPayment,
  'id' | 'memberId' | 'companyId' | 'site' | 'country' | 'package' | 'credits' | 'amount' | 'currency' | 'method' | 'provider'
> & {
  issuer?: string | null;
};

/** A discount code entered for the payment: held with it, released if the start fails. */
export type PaymentDiscount = { code: string; kind: Discount['kind']; percentage: number | null; fullAmount: number | null };

/**
 * Writes a new open payment. With a discount code, the code's hold goes in the same batch: the
 * hold is made only while the member has none of this code, and the payment is kept only when its
 * hold was made. False when the code was used or held meanwhile (then nothing is written), so
 * parallel starts with one code leave exactly one payment.
 */
export async function insertOpenPayment(db: Db, start: PaymentStart, at: Date, discount?: PaymentDiscount | null) {
  const row: NewPayment = {
    ...start,
    issuer: start.issuer ?? null,
    status: 'open',
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
  if (!discount) {
    await db.insert(payments).values(row);
    return true;
  }
  const [, , dropped] = await db.batch([
    holdDiscount(db, { code: discount.code, kind: discount.kind, memberId: row.memberId, paymentId: row.id, at }),
    db
      .insert(payments)
      .values({ ...row, discountCode: discount.code, discountPercentage: discount.percentage, fullAmount: discount.fullAmount }),
    db
      .delete(payments)
      .where(
        and(
          eq(payments.id, row.id),
          sql`NOT EXISTS (SELECT 1 FROM ${discountRedemptions} WHERE ${discountRedemptions.paymentId} = ${row.id})`,
        ),
      )
      .returning({ id: payments.id }),
  ]);
  return dropped.length === 0;
}

/** The provider made the payment: its id (and the status it gave). */
export const setProviderPayment = (db: Db, id: string, providerPaymentId: string, status: NewPayment['status'], at: Date) =>
  db.update(payments).set({ providerPaymentId, status, updatedAt: at.toISOString() }).where(eq(payments.id, id)).returning();

/** The provider refused or could not be reached: the row stays, failed, and its discount code is released. */
export const markStartFailed = (db: Db, id: string, at: Date) =>
  db.batch([
    db
      .update(payments)
      .set({ status: 'failed', updatedAt: at.toISOString() })
      .where(and(eq(payments.id, id), eq(payments.status, 'open'))),
    releaseDiscount(db, id),
  ]);

/** One of the member's payments; anyone else's is not found. */
export const paymentOf = (db: Db, memberId: number, id: string) =>
  db.query.payments.findFirst({ where: and(eq(payments.id, id), eq(payments.memberId, memberId)) });

/**
 * Ledger rows with the payment behind a purchase (its ref is `payment:<id>`), a refund or a
 * chargeback (its ref, `refund:<id>` or `chargeback:<id>`, is the key of its payment_reversals
 * record, which names the payment); the joins read by primary keys, and only the same member's.
 */
const ledgerWithPayment = (db: Db) =>
  db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      balanceAfter: creditLedger.balanceAfter,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
      payment: payments,
    })
    .from(creditLedger)
    .leftJoin(paymentReversals, and(eq(paymentReversals.memberId, creditLedger.memberId), eq(paymentReversals.ref, creditLedger.ref)))
    .leftJoin(
      payments,
      and(
        eq(
          payments.id,
          sql`CASE WHEN substr(${creditLedger.ref}, 1, 8) = 'payment:' THEN substr(${creditLedger.ref}, 9) ELSE ${paymentReversals.paymentId} END`,
        ),
        eq(payments.memberId, creditLedger.memberId),
      ),
    );
export type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerWithPayment>['where']>>[number];

/** A page of the member's ledger, newest first (one more row than the page says whether there is more). */
export async function ledgerPage(db: Db, memberId: number, page: number, size: number) {
  const rows = await ledgerWithPayment(db)
    .where(eq(creditLedger.memberId, memberId))
    .orderBy(desc(creditLedger.id))
    .limit(size + 1)
    .offset((page - 1) * size);
  return { rows: rows.slice(0, size), more: rows.length > size };
}

/** One of the member's ledger rows; anyone else's is not found. */
export const ledgerRowOf = async (db: Db, memberId: number, id: number) =>
  (
    await ledgerWithPayment(db)
      .where(and(eq(creditLedger.id, id), eq(creditLedger.memberId, memberId)))
      .limit(1)
  )[0];
