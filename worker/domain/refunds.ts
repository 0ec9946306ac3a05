import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { members, paymentReversals, payments } from '../db/schema';
import type { Db } from '../lib/db';
import type { PaymentProvider, ProviderPayment } from '../lib/payments';
import { takeBack, takenBy } from './credits';

/**
 * Refunds and chargebacks of paid payments (any provider). A paid payment stays `paid`; what the
 * provider reports refunded or charged back takes the package's credits back in proportion to the
 * money (all of it: all the credits), once per refund or chargeback id, through the credit
 * ledger (ref `refund:<id>` / `chargeback:<id>`, reason `refund` / `chargeback`). The balance never
 * goes below zero: what the member already spent is recorded as the reversal's shortfall.
 */
type PaymentRow = typeof payments.$inferSelect;

/**
 * The credits `money` (minor units, counted from the payment's first refund or chargeback) stands
 * for: cumulative, so partial refunds that add up to the whole payment take exactly its credits.
 */
export const creditsFor = (p: Pick<PaymentRow, 'amount' | 'credits'>, money: number) =>
  Math.round((p.credits * Math.min(Math.max(money, 0), p.amount)) / p.amount);

/**
 * Applies what the provider reports refunded and charged back of a paid payment. Nothing is asked
 * or written while its totals are what we stored last (a replayed webhook reads one row); else the
 * provider's refunds and chargebacks are listed, and the ones we have no record of are applied in
 * one batch with the new totals. Racing runs compute the same shares from the same records; the
 * batch that commits first takes the credits, and each later one finds the records and takes
 * nothing (takeBack's condition).
 */
export async function settleReversals(
  db: Db,
  provider: PaymentProvider,
  payment: PaymentRow,
  reported: ProviderPayment,
  now: Date,
): Promise<PaymentRow> {
  if (payment.status !== 'paid') return payment;
  if (reported.amountRefunded === payment.refundedAmount && reported.amountChargedBack === payment.chargedBackAmount) return payment;
  const [listed, known] = await Promise.all([
    provider.reversals(reported),
    db
      .select({ ref: paymentReversals.ref, amount: paymentReversals.amount })
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id)),
  ]);
  const recorded = new Set(known.map((k) => k.ref));
  let counted = known.reduce((sum, k) => sum + k.amount, 0);
  const at = now.toISOString();
  const statements: BatchItem<'sqlite'>[] = [];
  for (const r of listed) {
    const ref = `${r.kind}:${r.id}`;
    if (recorded.has(ref) || r.amount <= 0) continue;
    recorded.add(ref);
    const credits = creditsFor(payment, counted + r.amount) - creditsFor(payment, counted);
    counted += r.amount;
    const pending = sql`NOT EXISTS (SELECT 1 FROM payment_reversals WHERE member_id = ${payment.memberId} AND ref = ${ref})`;
    const taken = takenBy(payment.memberId, ref);
    statements.push(
      ...takeBack(db, { memberId: payment.memberId, amount: credits, reason: r.kind, ref, at: now }, pending),
      // the record last: its existence is what every later run reads
      db
        .insert(paymentReversals)
        .values({
          memberId: payment.memberId,
          ref,
          paymentId: payment.id,
          kind: r.kind,
          providerReversalId: r.id,
          amount: r.amount,
          credits,
          taken,
          shortfall: sql`${credits} - ${taken}`,
          createdAt: at,
        })
        .onConflictDoNothing(),
    );
  }
  const totals = db
    .update(payments)
    .set({ refundedAmount: reported.amountRefunded, chargedBackAmount: reported.amountChargedBack, updatedAt: at })
    .where(eq(payments.id, payment.id));
  await db.batch([totals, ...statements, premiumFromPurchases(db, payment.memberId)]);
  return { ...payment, refundedAmount: reported.amountRefunded, chargedBackAmount: reported.amountChargedBack, updatedAt: at };
}

/**
 * Premium (`paid_user`) follows the paid purchases that remain: it holds while at least one paid
 * payment of the member is not wholly refunded or charged back. Run in the batch that records the
 * reversal, after the payment's new totals, so premium ends atomically with the credits taken back.
 */
export const premiumFromPurchases = (db: Db, memberId: number) =>
  db
    .update(members)
    .set({
      paidUser: sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.memberId} = ${memberId} AND ${payments.status} = 'paid' AND ${payments.refundedAmount} + ${payments.chargedBackAmount} < ${payments.amount})`,
    })
    .where(eq(members.id, memberId));
