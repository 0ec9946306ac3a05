import { desc, eq } from 'drizzle-orm';
import {
  creditLedger,
  directDebitRequests,
  discountCodes,
  discountRedemptions,
  mandates,
  paymentCustomers,
  paymentReversals,
  payments,
  smsOutbox,
} from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

/** Payments and their refunds, the credit ledger, direct-debit requests and mandates, discount codes used or personal, SMS sent. */
export async function exportPayments({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [paid, ledger, reversals, requests, mandateRows, customers, redemptions, personalCodes, sms] = await db.batch([
    db
      .select({
        id: payments.id,
        site: payments.site,
        country: payments.country,
        package: payments.package,
        credits: payments.credits,
        amount: payments.amount,
        currency: payments.currency,
        method: payments.method,
        issuer: payments.issuer,
        provider: payments.provider,
        status: payments.status,
        created_at: payments.createdAt,
        paid_at: payments.paidAt,
        made_premium: payments.madePremium,
        discount_code: payments.discountCode,
        discount_percentage: payments.discountPercentage,
        full_amount: payments.fullAmount,
        refunded_amount: payments.refundedAmount,
        charged_back_amount: payments.chargedBackAmount,
      })
      .from(payments)
      .where(eq(payments.memberId, memberId))
      .orderBy(desc(payments.createdAt)),
    db
      .select({
        delta: creditLedger.delta,
        balance_after: creditLedger.balanceAfter,
        reason: creditLedger.reason,
        created_at: creditLedger.createdAt,
      })
      .from(creditLedger)
      .where(eq(creditLedger.memberId, memberId))
      .orderBy(creditLedger.id),
    db
      .select({
        payment_id: paymentReversals.paymentId,
        kind: paymentReversals.kind,
        amount: paymentReversals.amount,
        credits: paymentReversals.credits,
        taken: paymentReversals.taken,
        created_at: paymentReversals.createdAt,
      })
      .from(paymentReversals)
      .where(eq(paymentReversals.memberId, memberId)),
    db
      .select({
        id: directDebitRequests.id,
        site: directDebitRequests.site,
        package: directDebitRequests.package,
        amount: directDebitRequests.amount,
        currency: directDebitRequests.currency,
        holder: directDebitRequests.holder,
        iban: directDebitRequests.iban,
        street: directDebitRequests.street,
        house_number: directDebitRequests.houseNumber,
        zip: directDebitRequests.zip,
        city: directDebitRequests.city,
        phone: directDebitRequests.phone,
        created_at: directDebitRequests.createdAt,
        used_at: directDebitRequests.usedAt,
        payment_id: directDebitRequests.paymentId,
      })
      .from(directDebitRequests)
      .where(eq(directDebitRequests.memberId, memberId)),
    db
      .select({
        provider: mandates.provider,
        method: mandates.method,
        label: mandates.label,
        status: mandates.status,
        created_at: mandates.createdAt,
      })
      .from(mandates)
      .where(eq(mandates.memberId, memberId)),
    db
      .select({ provider: paymentCustomers.provider, created_at: paymentCustomers.createdAt })
      .from(paymentCustomers)
      .where(eq(paymentCustomers.memberId, memberId)),
    db
      .select({
        code: discountRedemptions.code,
        status: discountRedemptions.status,
        payment_id: discountRedemptions.paymentId,
        created_at: discountRedemptions.createdAt,
      })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.memberId, memberId)),
    db
      .select({
        code: discountCodes.code,
        percentage: discountCodes.percentage,
        expires_at: discountCodes.expiresAt,
        created_at: discountCodes.createdAt,
      })
      .from(discountCodes)
      .where(eq(discountCodes.userId, memberId)),
    db
      .select({ to: smsOutbox.toNumber, kind: smsOutbox.kind, created_at: smsOutbox.createdAt, sent_at: smsOutbox.sentAt })
      .from(smsOutbox)
      .where(eq(smsOutbox.memberId, memberId)),
  ]);
  return [
    {
      path: 'payments.json',
      json: {
        payments: paid,
        refunds_and_chargebacks: reversals,
        direct_debit_requests: requests,
        mandates: mandateRows,
        payment_provider_customers: customers,
        sms: sms,
      },
    },
    { path: 'credit-ledger.json', json: ledger },
    { path: 'discount-codes.json', json: { used: redemptions, personal: personalCodes } },
  ];
}
