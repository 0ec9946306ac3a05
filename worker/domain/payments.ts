import { and, eq, ne, sql } from 'drizzle-orm';
import type { MethodInfo, Package, PackageTier, Payment, PaymentMethod, PaymentStatus, TransactionKind } from '../contracts/payments';
import { PACKAGE_TIERS, pricePerMessage } from '../contracts/payments.values';
import { members, payments } from '../db/schema';
import type { Db } from '../lib/db';
import { PaymentProviderError, type MethodsQuery, type PaymentProvider } from '../lib/payments';
import type { SiteSettings } from '../../tenants/schema';
import { grant } from './credits';
import { settleReversals } from './refunds';
import { releaseDiscount, useDiscount } from './discounts';
import { saveCardMandate } from './mandates';

/**
 * Payments: what a member may buy where, and settling a payment with what its provider reports.
 * Used by the payments feature's calls (start, the return redirect, transactions) and by the
 * providers' webhooks.
 */
export type PaymentRow = typeof payments.$inferSelect;

/** Statuses the provider may still change (the return redirect asks the provider only then). */
export const isOpen = (status: PaymentStatus) => status === 'open' || status === 'pending';

/**
 * The buyer's country, which prices the packages: the member's profile country when this site
 * sells there, else the visitor's country when it does, else the site's first country (the
 * settings' geoip_selected_country).
 */
export function buyerCountry(settings: SiteSettings, memberCountry: string | null, requestCountry: string | null): string {
  for (const c of [memberCountry, requestCountry]) if (c && settings.countries.includes(c)) return c;
  return settings.countries[0]!;
}

/** This site's packages in one country, p0 to p3, with the price of one message; null when it sells none there. */
export function packagesIn(settings: SiteSettings, country: string): { currency: string; packages: Package[] } | null {
  const list = settings.packages[country as keyof SiteSettings['packages']];
  if (!list) return null;
  return {
    currency: list.currency,
    packages: PACKAGE_TIERS.map((id) => {
      const p = list[id];
      return {
        id,
        credits: p.credits,
        price: p.price,
        currency: list.currency,
        discount: p.discount,
        popular: p.popular,
        price_per_message: pricePerMessage(p.price, p.credits, settings.message_credits),
      };
    }),
  };
}

/**
 * The methods the site offers in a currency, in the order the screens show them: iDEAL, card,
 * PayPal everywhere euros are paid (iDEAL and direct debit take euros only), card and PayPal
 * elsewhere. Direct debit is started through /directdebit, never POST /api/payment.php.
 */
export function offeredMethods(currency: string): PaymentMethod[] {
  return currency === 'EUR' ? ['ideal', 'creditcard', 'paypal', 'directdebit'] : ['creditcard', 'paypal'];
}
/** Methods POST /api/payment.php starts (direct debit has its own form and mandate). */
export const STARTABLE: readonly PaymentMethod[] = ['ideal', 'creditcard', 'paypal'];

/**
 * The offered methods the provider takes in this currency (for this amount, e.g. the cheapest
 * package), each saying whether the provider lists banks for it (the bank choice screen shows only then).
 */
export async function methodsFor(provider: PaymentProvider, currency: string, query?: MethodsQuery): Promise<MethodInfo[]> {
  const taken = new Map((await provider.methods(currency, query)).map((m) => [m.id, m]));
  return offeredMethods(currency)
    .filter((id) => taken.has(id))
    .map((id) => ({ id, issuers: id !== 'directdebit' && taken.get(id)!.issuers.length > 0 }));
}

export const paymentById = (db: Db, id: string) => db.query.payments.findFirst({ where: eq(payments.id, id) });
export const paymentByProviderId = (db: Db, provider: PaymentRow['provider'], providerPaymentId: string) =>
  db.query.payments.findFirst({ where: and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)) });

/**
 * Settles a payment with the status its provider reports. `paid` is applied exactly once, in one
 * batch: the payment row (only while it is not paid yet; `made_premium` when the member was not
 * premium before), the credits through the ledger (ref
 * `payment:<id>`, so a repeat grants nothing) and premium (`paid_user`) for the member. Racing
 * webhooks and return redirects each run the batch; D1 runs batches one at a time, and the ledger's
 * ref makes every run after the first change nothing. Other statuses follow the provider, except
 * that a paid payment never leaves paid (refunds and chargebacks are their own records). The
 * payment's discount code, held since the start, becomes used in the paid batch and is released
 * (can be tried again) in the batch that makes it failed, canceled or expired.
 */
export async function settlePayment(db: Db, payment: PaymentRow, status: PaymentStatus, now: Date): Promise<PaymentRow> {
  if (payment.status === 'paid' || status === payment.status) return payment;
  const at = now.toISOString();
  if (status === 'paid') {
    await db.batch([
      // premium came with this payment when the member was not premium before it (read before the member's update below)
      db
        .update(payments)
        .set({
          status: 'paid',
          paidAt: at,
          updatedAt: at,
          madePremium: sql`(SELECT ${members.paidUser} = 0 FROM ${members} WHERE ${members.id} = ${payment.memberId})`,
        })
        .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid'))),
      ...grant(db, { memberId: payment.memberId, amount: payment.credits, reason: 'purchase', ref: `payment:${payment.id}`, at: now }),
      db.update(members).set({ paidUser: true }).where(eq(members.id, payment.memberId)),
      // its discount code (held since the start) is used
      useDiscount(db, payment.id, now),
    ]);
  } else {
    const update = db
      .update(payments)
      .set({ status, updatedAt: at })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'paid'), ne(payments.status, status)));
    // ended unpaid: its discount code is released in the same batch, so it can be tried again
    if (status === 'failed' || status === 'canceled' || status === 'expired') await db.batch([update, releaseDiscount(db, payment.id)]);
    else await update;
  }
  return (await paymentById(db, payment.id)) ?? payment;
}

/**
 * Asks the payment's provider for its status and settles it (the webhook and the return redirect
 * both come here), then applies what it reports refunded or charged back of a paid payment
 * (domain/refunds; a returned direct debit is a chargeback), and saves the card mandate a paid
 * card payment made (domain/mandates). Nothing from a webhook body or a URL is believed.
 */
export async function syncPayment(db: Db, provider: PaymentProvider, payment: PaymentRow, now: Date): Promise<PaymentRow> {
  if (!payment.providerPaymentId) return payment;
  const reported = await provider.getPayment(payment.providerPaymentId);
  if (!reported) throw new PaymentProviderError(provider.name, `does not know payment ${payment.providerPaymentId}`);
  if (reported.amount !== payment.amount || reported.currency !== payment.currency)
    throw new PaymentProviderError(
      provider.name,
      `payment ${payment.providerPaymentId} reports ${reported.amount} ${reported.currency}, we asked ${payment.amount} ${payment.currency}`,
    );
  const settled = await settleReversals(db, provider, await settlePayment(db, payment, reported.status, now), reported, now);
  await saveCardMandate(db, provider, settled, reported, now);
  return settled;
}

/** A payment as the member's client sees it. */
export const paymentJson = (p: PaymentRow): Payment => ({
  payment_id: p.id,
  package: p.package as PackageTier,
  credits: p.credits,
  method: p.method,
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  created_at: p.createdAt,
  paid_at: p.paidAt,
  made_premium: p.madePremium,
  discount:
    p.discountCode !== null && p.discountPercentage !== null && p.fullAmount !== null
      ? { code: p.discountCode, percentage: p.discountPercentage, full_amount: p.fullAmount }
      : null,
});

/**
 * Standard VAT rates (percent) of the countries the sites sell in: consumer prices include VAT
 * at the buyer country's rate (EU OSS for electronic services; the UK, Switzerland, Australia and
 * New Zealand tax foreign sellers of digital services at their standard rate; Canada: GST only,
 * provincial HST/QST not modelled; the United States: no VAT).
 */
export const VAT_RATES: Readonly<Record<string, number>> = {
  NL: 21,
  BE: 21,
  DE: 19,
  AT: 20,
  IE: 23,
  FR: 20,
  IT: 22,
  ES: 21,
  PL: 23,
  DK: 25,
  FI: 25.5,
  SE: 25,
  NO: 25,
  CH: 8.1,
  GB: 20,
  AU: 10,
  NZ: 15,
  CA: 5,
  US: 0,
};

/** The VAT included in an amount (minor units): rate in percent, VAT rounded to a minor unit, the rest net. */
export function vatOf(amount: number, country: string) {
  const rate = VAT_RATES[country] ?? 0;
  const vat = Math.round((amount * rate) / (100 + rate));
  return { vat_rate: rate, vat_amount: vat, net_amount: amount - vat };
}

/** A receipt's number: the day it was paid and the start of the payment's id (unique, and findable from either). */
export const receiptNumber = (p: PaymentRow) => `${(p.paidAt ?? p.createdAt).slice(0, 10).replaceAll('-', '')}-${p.id.slice(0, 12)}`;

/** What a ledger row was, for the transactions list. */
export function transactionKind(reason: string, delta: number): TransactionKind {
  if (reason === 'purchase') return 'purchase';
  if (reason === 'refund' || reason === 'chargeback') return reason;
  if (reason.startsWith('message_')) return 'spend';
  if (reason === 'signup_bonus' || reason.endsWith('bonus')) return 'bonus';
  return delta < 0 ? 'spend' : 'bonus';
}
