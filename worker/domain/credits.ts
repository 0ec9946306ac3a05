import { and, eq, sql, type SQL } from 'drizzle-orm';
import { creditLedger, members } from '../db/schema';
import { CHECKS, failedCheck, insertSelect, type Db } from '../lib/db';
import { AppError } from '../lib/errors';

/**
 * The credit ledger. Every change of a balance is two statements for the caller's batch: the
 * balance moves (only if no ledger row with this `ref` exists yet, so a retry changes nothing) and
 * the ledger row records the delta and the balance after it. Below zero the members CHECK
 * constraint fails the whole batch: the spend and its effect (a message, a gift) both roll back.
 */
export type LedgerEntry = { memberId: number; amount: number; reason: string; ref: string; at: Date };

function move(db: Db, { memberId, reason, ref, at }: LedgerEntry, delta: number) {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`credits: a change must be a non-zero integer, got ${delta}`);
  return moveWhen(db, { memberId, delta, reason, ref, at: at.toISOString() });
}

/**
 * The two statements of a change, with its values as plain values or SQL (a reusable
 * statement's parameters, a member id found in the same batch), and only when `when` holds.
 */
function moveWhen(
  db: Db,
  {
    memberId,
    delta,
    reason,
    ref,
    at,
  }: { memberId: number | SQL; delta: number | SQL; reason: string | SQL; ref: string | SQL; at: string | SQL },
  when?: SQL,
) {
  return [
    db
      .update(members)
      .set({ credits: sql`${members.credits} + ${delta}` })
      .where(
        and(eq(members.id, memberId), sql`NOT EXISTS (SELECT 1 FROM credit_ledger WHERE member_id = ${memberId} AND ref = ${ref})`, when),
      ),
    insertSelect(
      db,
      creditLedger,
      {
        memberId: sql`${members.id}`,
        delta: sql`${delta}`,
        balanceAfter: sql`${members.credits}`,
        reason: sql`${reason}`,
        ref: sql`${ref}`,
        createdAt: sql`${at}`,
      },
      sql`FROM ${members} WHERE ${and(eq(members.id, memberId), when)}`,
    ).onConflictDoNothing(),
  ] as const;
}

/**
 * A spend for a reusable statement (lib/db.ts), made only when `when` holds: the member, the
 * amount and the rest as SQL. The caller binds a positive integer amount, or makes `when` false.
 */
export const spendWhen = (db: Db, entry: { memberId: SQL; amount: SQL; reason: SQL; ref: SQL; at: SQL }, when: SQL) =>
  moveWhen(db, { ...entry, delta: sql`-${entry.amount}` }, when);

/** Credits given (signup bonus, a purchase, a bonus). */
export const grant = (db: Db, entry: LedgerEntry) => move(db, entry, entry.amount);
/** Credits spent (a message, a photo, a gift); the batch fails with the balance below zero (see isOverdraw). */
export const spend = (db: Db, entry: LedgerEntry) => move(db, entry, -entry.amount);
/** Credits given back for an earlier spend; `ref` names the refund (e.g. `refund:<spend ref>`), so it happens once. */
export const refund = (db: Db, entry: LedgerEntry) => move(db, entry, entry.amount);

/**
 * Credits taken back (a refund, a chargeback): as many as the balance has, up to `amount`, never
 * below zero. Two statements for the caller's batch, which must end with the caller's own record
 * of this take: the ledger row (minus what the balance has of `amount`, none when it has nothing)
 * and the balance moved by that row's delta. `pending` is a condition true until the caller's
 * record exists, so a replay takes nothing, even when nothing could be taken the first time (the
 * ledger alone cannot say so). `takenBy` reads what was taken, for that record.
 */
export function takeBack(db: Db, { memberId, amount, reason, ref, at }: LedgerEntry, pending: SQL) {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error(`credits: a take-back must be a non-negative integer, got ${amount}`);
  if (amount === 0) return [];
  const take = sql`min(${members.credits}, ${amount})`;
  const booked = sql`(SELECT 1 FROM credit_ledger WHERE member_id = ${memberId} AND ref = ${ref})`;
  return [
    insertSelect(
      db,
      creditLedger,
      {
        memberId: sql`${members.id}`,
        delta: sql`-${take}`,
        balanceAfter: sql`${members.credits} - ${take}`,
        reason: sql`${reason}`,
        ref: sql`${ref}`,
        createdAt: sql`${at.toISOString()}`,
      },
      sql`FROM ${members} WHERE ${and(eq(members.id, memberId), sql`${members.credits} > 0`, pending)}`,
    ).onConflictDoNothing(),
    db
      .update(members)
      .set({ credits: sql`${members.credits} + (SELECT delta FROM credit_ledger WHERE member_id = ${memberId} AND ref = ${ref})` })
      .where(and(eq(members.id, memberId), pending, sql`EXISTS ${booked}`)),
  ] as const;
}
/** What takeBack took for a ref (0 when the balance had nothing), as SQL for the caller's record. */
export const takenBy = (memberId: number, ref: string) =>
  sql<number>`coalesce((SELECT -delta FROM credit_ledger WHERE member_id = ${memberId} AND ref = ${ref}), 0)`;

/** Did a batch fail because a spend would take the balance below zero? */
export const isOverdraw = (error: unknown) => failedCheck(error, CHECKS.credits);

/** Runs a batch that spends; a balance too low becomes 402 insufficient_credits. */
export async function withCredits<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isOverdraw(error)) throw new AppError('insufficient_credits', 402);
    throw error;
  }
}

/** A member's ledger, newest first. */
export const ledgerOf = (db: Db, memberId: number) =>
  db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.memberId, memberId))
    .orderBy(sql`${creditLedger.id} DESC`);
