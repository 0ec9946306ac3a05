import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Issuer, PaymentMethod, PaymentStatus } from '../../contracts/payments';
import { devPspMandates, devPspPayments, devPspReversals } from '../../db/schema';
import type { Bindings } from '../../env';
import { clock } from '../clock';
import { randomKey } from '../crypto';
import { insertSelect, type Db } from '../db';
import { maskIban } from '../iban';
import { PaymentProviderError, type PaymentProvider, type ProviderMandate, type ProviderMethod, type ProviderReversal } from './types';

/**
 * The `sim` provider: a payment provider for development and tests that keeps its books in
 * `dev_psp_payments` and hosts its checkout page at /dev/psp/<id> (features/dev). The page's
 * buttons set any status, even ones a real provider would never move to (paid after failed, failed
 * after paid), so the worker's own rules are what the tests exercise, and then call the same
 * webhook a real provider calls. It refuses to work outside development.
 */

/**
 * The banks the sim lists for iDEAL (ids in the style providers used before iDEAL 2.0), each with a logo served
 * by the sim itself (/dev/psp/issuers/<id>.svg: its initials on its colour, a stand-in for the bank marks a provider
 * hosts), so no test or local page asks the internet for an image.
 */
const SIM_BANKS: [id: string, name: string, colour: string][] = [
  ['ideal_ABNANL2A', 'ABN AMRO', '#00857A'],
  ['ideal_ASNBNL21', 'ASN Bank', '#00A0DF'],
  ['ideal_BUNQNL2A', 'bunq', '#1E8ACB'],
  ['ideal_INGBNL2A', 'ING', '#FF6200'],
  ['ideal_KNABNL2H', 'Knab', '#1D1D6E'],
  ['ideal_RABONL2U', 'Rabobank', '#000099'],
  ['ideal_RBRBNL21', 'RegioBank', '#E5007D'],
  ['ideal_REVOLT21', 'Revolut', '#191C1F'],
  ['ideal_SNSBNL2A', 'SNS', '#5A2D81'],
  ['ideal_TRIONL2U', 'Triodos Bank', '#00A19A'],
  // choosing it makes the provider fail the start (to see the worker's and the screens' answer to an outage)
  ['ideal_SIMFAIL1', 'Sim: provider error', '#6B7280'],
];
export const SIM_IDEAL_ISSUERS: Issuer[] = SIM_BANKS.map(([id, name]) => ({ id, name, image: `/dev/psp/issuers/${id}.svg` }));

/** The sim's stand-in logo of one of its banks (SVG), or null for an id it does not list. */
export function simIssuerLogo(id: string): string | null {
  const bank = SIM_BANKS.find(([bankId]) => bankId === id);
  if (!bank) return null;
  const [, name, colour] = bank;
  const initials = name
    .split(/\s+/)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 32"><rect width="48" height="32" rx="6" fill="${colour}"/>` +
    `<text x="24" y="21" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="13" font-weight="700" fill="#fff">${initials}</text></svg>`
  );
}
export const SIM_FAILING_ISSUER = 'ideal_SIMFAIL1';

/** Methods that take euros only. */
const EUR_ONLY: readonly PaymentMethod[] = ['ideal', 'directdebit'];
const ALL: readonly PaymentMethod[] = ['ideal', 'creditcard', 'paypal', 'directdebit'];

const issuersOf = (method: PaymentMethod) => (method === 'ideal' ? SIM_IDEAL_ISSUERS : []);

/** The sim's payments are found only by ids it made. */
export const SIM_ID = /^sim_[A-Za-z0-9_-]{16}$/;
const SIM_MANDATE_ID = /^simmdt_[A-Za-z0-9_-]{16}$/;
/** The card every sim card payment is paid with (its mandate's label). */
export const SIM_CARD_LAST4 = '4242';

const mandateOf = (row: typeof devPspMandates.$inferSelect): ProviderMandate => ({
  id: row.id,
  customerId: row.customerId,
  method: row.method,
  status: row.status,
  last4: row.method === 'creditcard' ? SIM_CARD_LAST4 : null,
});

export function simProvider(db: Db, env: Pick<Bindings, 'ENVIRONMENT'>): PaymentProvider {
  if (env.ENVIRONMENT !== 'development') throw new PaymentProviderError('sim', 'refused: the sim provider works only in development', true);
  return {
    name: 'sim',
    async methods(currency) {
      return ALL.filter((m) => currency === 'EUR' || !EUR_ONLY.includes(m)).map((id): ProviderMethod => ({ id, issuers: issuersOf(id) }));
    },
    async issuers(method) {
      return issuersOf(method);
    },
    async createPayment(r) {
      if (r.issuer === SIM_FAILING_ISSUER) throw new PaymentProviderError('sim', 'simulated outage (the failing bank was chosen)');
      const id = `sim_${randomKey(12)}`;
      const at = clock.now().toISOString();
      await db.insert(devPspPayments).values({
        id,
        amount: r.amount,
        currency: r.currency,
        description: r.description,
        method: r.method,
        issuer: r.issuer,
        reference: r.reference,
        redirectUrl: r.redirectUrl,
        webhookUrl: r.webhookUrl,
        status: 'open',
        createdAt: at,
        updatedAt: at,
        customerId: r.customerId ?? null,
        sequenceType: r.sequenceType ?? 'oneoff',
      });
      return { id, checkoutUrl: `${new URL(r.redirectUrl).origin}/dev/psp/${id}`, status: 'open' };
    },
    async getPayment(id) {
      const row = SIM_ID.test(id) ? await simPaymentWithTotals(db, id) : undefined;
      return row
        ? {
            id: row.id,
            status: row.status,
            amount: row.amount,
            currency: row.currency,
            reference: row.reference,
            amountRefunded: row.refunded,
            amountChargedBack: row.chargedBack,
            customerId: row.customerId,
            mandateId: row.mandateId,
          }
        : null;
    },
    async createCustomer() {
      return `simcst_${randomKey(12)}`;
    },
    async deleteCustomer(customerId) {
      await db.delete(devPspMandates).where(eq(devPspMandates.customerId, customerId));
    },
    // a direct-debit mandate, valid at once (the member signed it with the SMS code); the sim keeps only a masked label
    async createMandate(r) {
      const id = `simmdt_${randomKey(12)}`;
      const [row] = await db
        .insert(devPspMandates)
        .values({
          id,
          customerId: r.customerId,
          method: 'directdebit',
          label: maskIban(r.consumerAccount),
          status: 'valid',
          createdAt: clock.now().toISOString(),
        })
        .returning();
      return mandateOf(row!);
    },
    async getMandate(customerId, mandateId) {
      if (!SIM_MANDATE_ID.test(mandateId)) return null;
      const row = await db.query.devPspMandates.findFirst({
        where: and(eq(devPspMandates.id, mandateId), eq(devPspMandates.customerId, customerId)),
      });
      return row ? mandateOf(row) : null;
    },
    // a payment with a mandate, without a checkout: direct debit stays pending until its page (/dev/psp/<id>)
    // settles it; a card is charged at once (paid), as card recurring payments usually are
    async createRecurringPayment(r) {
      const mandate = SIM_MANDATE_ID.test(r.mandateId)
        ? await db.query.devPspMandates.findFirst({
            where: and(eq(devPspMandates.id, r.mandateId), eq(devPspMandates.customerId, r.customerId)),
          })
        : undefined;
      if (!mandate || mandate.status !== 'valid')
        throw new PaymentProviderError('sim', `no valid mandate ${r.mandateId} for customer ${r.customerId}`);
      if (mandate.method !== r.method)
        throw new PaymentProviderError('sim', `mandate ${r.mandateId} is for ${mandate.method}, not ${r.method}`);
      const id = `sim_${randomKey(12)}`;
      const at = clock.now().toISOString();
      const status = mandate.method === 'creditcard' ? 'paid' : 'pending';
      await db.insert(devPspPayments).values({
        id,
        amount: r.amount,
        currency: r.currency,
        description: r.description,
        method: mandate.method,
        issuer: null,
        reference: r.reference,
        redirectUrl: r.redirectUrl,
        webhookUrl: r.webhookUrl,
        status,
        createdAt: at,
        updatedAt: at,
        customerId: r.customerId,
        sequenceType: 'recurring',
        mandateId: mandate.id,
      });
      return { id, status };
    },
    async reversals(payment) {
      const rows = await db
        .select()
        .from(devPspReversals)
        .where(eq(devPspReversals.paymentId, payment.id))
        .orderBy(asc(devPspReversals.createdAt), asc(devPspReversals.id));
      return rows.map((r): ProviderReversal => ({ id: r.id, kind: r.kind, amount: r.amount, createdAt: r.createdAt }));
    },
  };
}

// written out: drizzle leaves the columns of a one-table select unqualified, and inside the subquery "id" would be the reversal's
const total = (kind: 'refund' | 'chargeback') =>
  sql<number>`coalesce((SELECT sum(r.amount) FROM dev_psp_reversals r WHERE r.payment_id = dev_psp_payments.id AND r.kind = ${kind}), 0)`;

/** One of the sim's payments with what was refunded and charged back of it (one query). */
export const simPaymentWithTotals = async (db: Db, id: string) =>
  (
    await db
      .select({ ...getTableColumns(devPspPayments), refunded: total('refund'), chargedBack: total('chargeback') })
      .from(devPspPayments)
      .where(eq(devPspPayments.id, id))
  )[0];

/**
 * A refund or chargeback on the sim's checkout page (of a paid payment, at most what is left of
 * it): its id, or null when the payment is not paid or the amount is more than what is left.
 */
export async function addSimReversal(db: Db, id: string, kind: 'refund' | 'chargeback', amount: number | null): Promise<string | null> {
  const p = await simPaymentWithTotals(db, id);
  if (!p || p.status !== 'paid') return null;
  const left = p.amount - p.refunded - p.chargedBack;
  const take = amount ?? left;
  if (!Number.isSafeInteger(take) || take <= 0 || take > left) return null;
  const reversalId = `${kind === 'refund' ? 'simre' : 'simchb'}_${randomKey(12)}`;
  // the amount is checked again in the insert, so two clicks at once cannot take more than is left
  const inserted = await insertSelect(
    db,
    devPspReversals,
    {
      id: sql`${reversalId}`,
      paymentId: sql`${devPspPayments.id}`,
      kind: sql`${kind}`,
      amount: sql`${take}`,
      createdAt: sql`${clock.now().toISOString()}`,
    },
    sql`FROM ${devPspPayments} WHERE ${and(
      eq(devPspPayments.id, id),
      sql`${devPspPayments.amount} - coalesce((SELECT sum(amount) FROM dev_psp_reversals WHERE payment_id = ${id}), 0) >= ${take}`,
    )}`,
  ).returning({ id: devPspReversals.id });
  return inserted[0]?.id ?? null;
}

/**
 * What the checkout page's buttons do: the sim's status moves, the member's bank chosen there is
 * kept. A `first` card payment that becomes paid leaves a card mandate (•••• 4242) under its
 * customer, as a provider makes one when the first payment succeeds.
 */
export async function setSimStatus(db: Db, id: string, status: PaymentStatus, issuer?: string | null) {
  const at = clock.now().toISOString();
  const [row] = await db
    .update(devPspPayments)
    .set({ status, updatedAt: at, ...(issuer ? { issuer } : {}) })
    .where(eq(devPspPayments.id, id))
    .returning();
  if (row && status === 'paid' && row.method === 'creditcard' && row.sequenceType === 'first' && row.customerId && !row.mandateId) {
    // one mandate per payment, whatever the number of clicks: its id comes from the payment's
    const mandateId = `simmdt_${id.slice('sim_'.length)}`;
    await db.batch([
      db
        .insert(devPspMandates)
        .values({
          id: mandateId,
          customerId: row.customerId,
          method: 'creditcard',
          label: `•••• ${SIM_CARD_LAST4}`,
          status: 'valid',
          createdAt: at,
        })
        .onConflictDoNothing(),
      db.update(devPspPayments).set({ mandateId }).where(eq(devPspPayments.id, id)),
    ]);
    return { ...row, mandateId };
  }
  return row;
}
