import type { Issuer, PaymentMethod, PaymentStatus } from '../../contracts/payments';
import type { PaymentProviderName } from '../../../tenants/schema';

/** What the worker asks a provider to collect. Money in integer minor units. */
export type CreatePaymentRequest = {
  amount: number;
  currency: string;
  /** Shown on the provider's page and the bank statement. */
  description: string;
  method: PaymentMethod;
  /** The bank chosen on our screen, only when the provider lists banks for the method. */
  issuer: string | null;
  /** Where the provider sends the member back: /credits/<tier>/<method>?payment=<id>. */
  redirectUrl: string;
  /** Where the provider reports a change: /hooks/payments/<provider> (it posts only its id). */
  webhookUrl: string;
  /** Our payment id, kept by the provider as metadata. */
  reference: string;
  locale: string;
  /** The buyer's country (the provider's page language follows locale and country where it can). */
  country?: string;
  /**
   * The member's customer at the provider: with `sequenceType: 'first'` a paid payment leaves a
   * mandate for repeat orders (card payments start this way).
   */
  customerId?: string;
  sequenceType?: 'oneoff' | 'first';
};

/** A customer record at the provider, for mandates (we keep only its id). */
export type CreateCustomerRequest = {
  name: string;
  email: string;
  locale: string;
  country?: string;
  /** our member id, as metadata */ reference: string;
};

/** A SEPA direct-debit mandate the member signed with the SMS code on our form. */
export type CreateMandateRequest = {
  customerId: string;
  consumerName: string;
  /** The IBAN, electronic form. */
  consumerAccount: string;
  /** The day the code was confirmed, YYYY-MM-DD. */
  signatureDate: string;
  /** Our mandate id: the mandate reference the bank shows (unique per mandate) and the idempotency key. */
  reference: string;
};

/** The methods a mandate pays with here. */
export type MandateMethod = 'directdebit' | 'creditcard';

/** A mandate as the provider reports it; `last4` is the card's (null for direct debit). */
export type ProviderMandate = {
  id: string;
  customerId: string;
  method: MandateMethod;
  status: 'valid' | 'pending' | 'invalid';
  last4: string | null;
};

/** A payment collected with a mandate, without a checkout (sequenceType recurring). */
export type CreateRecurringPaymentRequest = {
  amount: number;
  currency: string;
  description: string;
  method: MandateMethod;
  customerId: string;
  mandateId: string;
  webhookUrl: string;
  /** Where a member following the payment is sent (the sim's page returns there; real providers need none). */
  redirectUrl: string;
  reference: string;
};

/** A payment as the provider made it: its id and the page the member pays on. */
export type CreatedPayment = { id: string; checkoutUrl: string; status: PaymentStatus };

/**
 * A payment as the provider reports it now (always fetched, never taken from a webhook body).
 * `amountRefunded` and `amountChargedBack` are totals in minor units (0 when none); a refunded or
 * charged-back payment keeps status `paid`.
 */
export type ProviderPayment = {
  id: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  reference: string | null;
  amountRefunded: number;
  amountChargedBack: number;
  /** The customer and mandate of a `first` payment once it is paid (or of a recurring one); absent or null otherwise. */
  customerId?: string | null;
  mandateId?: string | null;
};

/**
 * One refund or chargeback of a payment that still stands (refunds that failed or were cancelled,
 * and chargebacks already reversed, are left out). Amount in minor units of the payment's currency.
 */
export type ProviderReversal = { id: string; kind: 'refund' | 'chargeback'; amount: number; createdAt: string };

/** What the methods are asked for: the amount (minor units) decides which methods take it; the locale their order. */
export type MethodsQuery = { amount?: number; locale?: string; country?: string };

/** A method the provider can take in a currency, and the banks it lists for it (none for most). */
export type ProviderMethod = { id: PaymentMethod; issuers: Issuer[] };

/**
 * One payment provider (worker/lib/payments/index.ts chooses it per company). Each call either
 * answers or throws a PaymentProviderError; none of them writes to our tables.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The methods it takes in this currency (for this amount, when given), with their banks. */
  methods(currency: string, query?: MethodsQuery): Promise<ProviderMethod[]>;
  /** The banks it lists for a method ([] when the bank is chosen on the provider's side, like iDEAL 2.0). */
  issuers(method: PaymentMethod): Promise<Issuer[]>;
  /** Makes a payment at the provider: its id and the hosted checkout page. */
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  /** The payment's current state at the provider; null when the provider does not know the id. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /**
   * The refunds and chargebacks of a payment it reported (asked only when its totals changed),
   * oldest first.
   */
  reversals(payment: ProviderPayment): Promise<ProviderReversal[]>;
  /** Makes a customer record for a member: its id. */
  createCustomer(request: CreateCustomerRequest): Promise<string>;
  /** Deletes a customer record and with it the customer's mandates (erasure); one the provider no longer knows counts as deleted. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Makes a SEPA direct-debit mandate under a customer. */
  createMandate(request: CreateMandateRequest): Promise<ProviderMandate>;
  /** A customer's mandate; null when the provider does not know it. */
  getMandate(customerId: string, mandateId: string): Promise<ProviderMandate | null>;
  /** Collects a payment with a mandate (no checkout page): its id and status (direct debit pending, a card often paid at once). */
  createRecurringPayment(request: CreateRecurringPaymentRequest): Promise<{ id: string; status: PaymentStatus }>;
}

/**
 * A provider that cannot be used (`unavailable`: not configured, or the sim outside development)
 * or a call to it that failed. The message is for the log, never for the member.
 */
export class PaymentProviderError extends Error {
  /** The provider's HTTP status when it answered with an error (Mollie: 4xx/5xx with `{status, title, detail}`). */
  readonly status: number | null;
  /** The request field the provider blamed, when it named one. */
  readonly field: string | null;
  constructor(
    readonly provider: string,
    message: string,
    readonly unavailable = false,
    options?: { cause?: unknown; status?: number; field?: string | null },
  ) {
    super(`payment provider ${provider}: ${message}`, options);
    this.status = options?.status ?? null;
    this.field = options?.field ?? null;
  }
}
