import { and, desc, eq, sql } from 'drizzle-orm';
import { creditLedger, payments } from '../../db/schema';
import type { Db } from '../../lib/db';

type NewPayment = typeof payments.$inferInsert;

export const insertPayment = (db: Db, row: NewPayment) => db.insert(payments).values(row);

/** The provider made the payment: its id (and the status it gave). */
export const setProviderPayment = (db: Db, id: string, providerPaymentId: string, status: NewPayment['status'], at: Date) =>
  db.update(payments).set({ providerPaymentId, status, updatedAt: at.toISOString() }).where(eq(payments.id, id)).returning();

/** The provider refused or could not be reached: the row stays, failed. */
export const markStartFailed = (db: Db, id: string, at: Date) =>
  db.update(payments).set({ status: 'failed', updatedAt: at.toISOString() }).where(and(eq(payments.id, id), eq(payments.status, 'open')));

/** One of the member's payments; anyone else's is not found. */
export const paymentOf = (db: Db, memberId: number, id: string) =>
  db.query.payments.findFirst({ where: and(eq(payments.id, id), eq(payments.memberId, memberId)) });

/**
 * Ledger rows with the payment behind a purchase (its ref is `payment:<id>`; the join reads the
 * payment by its primary key, and only the same member's).
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
    .leftJoin(
      payments,
      and(sql`substr(${creditLedger.ref}, 1, 8) = 'payment:'`, eq(payments.id, sql`substr(${creditLedger.ref}, 9)`), eq(payments.memberId, creditLedger.memberId)),
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
  (await ledgerWithPayment(db).where(and(eq(creditLedger.id, id), eq(creditLedger.memberId, memberId))).limit(1))[0];
