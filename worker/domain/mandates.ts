import { and, desc, eq } from 'drizzle-orm';
import type { Mandate } from '../contracts/payments';
import { mandates, paymentCustomers, payments } from '../db/schema';
import { clock } from '../lib/clock';
import type { Db } from '../lib/db';
import type { PaymentProvider, ProviderPayment } from '../lib/payments';
import type { Member } from './members';

/**
 * Mandates: saved ways to pay again (repeat orders). A direct-debit mandate is made when the
 * member confirms the direct-debit form with the SMS code; a card mandate when a card payment
 * (started as the `first` of a sequence, for the member's customer at the provider) is paid. Each
 * lives at the provider under the member's customer record; we keep the ids, the method, a
 * masked label and the status.
 */
export type MandateRow = typeof mandates.$inferSelect;

export { maskIban } from '../lib/iban';
/** "•••• 4242". */
export const cardLabel = (last4: string | null) => `•••• ${last4 ?? '····'}`;

/** Our mandate ids: random upper-case hex, so the id is also a valid SEPA mandate reference. */
export function newMandateId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `MD${[...bytes]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

/**
 * The member's customer at this provider: the saved id, else a new one made there and saved
 * (a parallel start that saved first wins; the other customer stays unused at the provider).
 */
export async function ensureCustomer(
  db: Db,
  provider: PaymentProvider,
  member: Pick<Member, 'id' | 'name' | 'email'>,
  locale: string,
  country?: string,
): Promise<string> {
  const find = () =>
    db.query.paymentCustomers.findFirst({
      where: and(eq(paymentCustomers.memberId, member.id), eq(paymentCustomers.provider, provider.name)),
    });
  const saved = await find();
  if (saved) return saved.customerId;
  const customerId = await provider.createCustomer({
    name: member.name,
    email: member.email,
    locale,
    country,
    reference: String(member.id),
  });
  await db
    .insert(paymentCustomers)
    .values({ memberId: member.id, provider: provider.name, customerId, createdAt: clock.now().toISOString() })
    .onConflictDoNothing();
  return (await find())?.customerId ?? customerId;
}

/** Saves a mandate (once per provider mandate id). */
export const saveMandate = (db: Db, row: MandateRow) => db.insert(mandates).values(row).onConflictDoNothing();

/** The member's newest valid mandate, if any. */
export const newestMandate = (db: Db, memberId: number) =>
  db.query.mandates.findFirst({
    where: and(eq(mandates.memberId, memberId), eq(mandates.status, 'valid')),
    orderBy: [desc(mandates.createdAt), desc(mandates.id)],
  });

/** A mandate as the member's client sees it. */
export const mandateJson = (m: MandateRow): Mandate => ({ id: m.id, method: m.method, label: m.label, created_at: m.createdAt });

/**
 * After a card payment is paid: the mandate its provider made (a `first` payment reports its
 * mandate id), saved for repeat orders. Nothing is asked when there is none, or when it is saved
 * already (a replayed webhook reads one row).
 */
export async function saveCardMandate(
  db: Db,
  provider: PaymentProvider,
  payment: typeof payments.$inferSelect,
  reported: ProviderPayment,
  now: Date,
) {
  if (payment.status !== 'paid' || payment.method !== 'creditcard' || !reported.mandateId || !reported.customerId) return;
  const known = await db.query.mandates.findFirst({
    columns: { id: true },
    where: and(eq(mandates.provider, provider.name), eq(mandates.providerMandateId, reported.mandateId)),
  });
  if (known) return;
  const mandate = await provider.getMandate(reported.customerId, reported.mandateId);
  // a mandate that is not valid (yet) is asked again at the payment's next report
  if (!mandate || mandate.method !== 'creditcard' || mandate.status !== 'valid') return;
  await saveMandate(db, {
    id: newMandateId(),
    memberId: payment.memberId,
    provider: provider.name,
    providerCustomerId: mandate.customerId,
    providerMandateId: mandate.id,
    method: 'creditcard',
    label: cardLabel(mandate.last4),
    status: 'valid',
    createdAt: now.toISOString(),
  });
}
