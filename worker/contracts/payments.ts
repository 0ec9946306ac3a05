import * as z from 'zod';
import type { User } from './account';
import { PACKAGE_TIERS, PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.values';
import { issue } from './errors';

export { PACKAGE_TIERS, PAYMENT_METHODS, PAYMENT_STATUSES, TRANSACTIONS_PAGE } from './payments.values';
export type PackageTier = (typeof PACKAGE_TIERS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A credit package as this site sells it in one country. Money is always an integer in minor
 * units (cents) of `currency`. `discount` is the ribbon's percentage (red on p2, green on p3),
 * null for none; `price_per_message` is what one text message costs with this package
 * (price / (credits / message_credits)), rounded to a minor unit.
 */
export type Package = {
  id: PackageTier;
  credits: number;
  price: number;
  currency: string;
  discount: number | null;
  popular: boolean;
  price_per_message: number;
};
/** A way to pay, as offered here; `issuers`: the provider lists banks for it (our bank choice screen shows only then). */
export type MethodInfo = { id: PaymentMethod; issuers: boolean };

/**
 * GET /api/packages.php (public: /pricing too): the packages of this site for the buyer's country
 * (the member's profile country when the site sells there, else the visitor's country as settings
 * choose it), and the methods offered there.
 */
export type PackagesAnswer = { country: string; currency: string; packages: Package[]; methods: MethodInfo[] };

/** GET /api/issuers.php?method=ideal: the banks the provider lists (none since iDEAL 2.0 for real providers; the sim lists some). */
export const issuersQuery = z.object({ method: z.enum(PAYMENT_METHODS, { error: issue('invalid_request') }) }).strict();
export type IssuersQuery = z.input<typeof issuersQuery>;
/**
 * A bank the provider lists: `image` is its logo's address (Mollie's issuer `image.svg`; the sim's stand-ins are
 * served locally under /dev/psp/issuers), null when the provider gives none: the web then shows the name alone.
 */
export type Issuer = { id: string; name: string; image: string | null };
export type IssuersAnswer = { issuers: Issuer[] };

/**
 * POST /api/payment.php: starts a payment of a package with a method (and a bank, when the
 * provider lists them). What it costs and what it gives are decided here from the package, the
 * country and the discount code (checked as GET /api/discountcode.php checks it, and held for this
 * payment so it is used once), never taken from the client. 201 with where to pay.
 * Errors: 400 invalid_request, 404 package_not_found, 400 method_unavailable, 502 payment_provider_error.
 */
export const startPaymentInput = z
  .object({
    package: z.enum(PACKAGE_TIERS, { error: issue('package_not_found') }),
    method: z.enum(PAYMENT_METHODS, { error: issue('method_unavailable') }),
    issuer: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_.-]+$/, issue('invalid_request'))
      .optional(),
    discount_code: z.string().trim().max(64).optional(),
  })
  .strict();
export type StartPaymentInput = z.input<typeof startPaymentInput>;
/** Spec section 3: payment_id, credits, method; plus the money and the provider's checkout page to go to. */
export type StartPaymentAnswer = {
  payment_id: string;
  credits: number;
  method: PaymentMethod;
  amount: number;
  currency: string;
  checkout_url: string;
  discount: AppliedDiscount | null;
};
/** A discount a payment was started with: the code, its percentage and the price before it (minor units). */
export type AppliedDiscount = { code: string; percentage: number; full_amount: number };

/** GET /api/payment.php?id=: one of my payments (404 for anyone else's). */
export const paymentQuery = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, issue('not_found_generic')) }).strict();
export type PaymentQuery = z.input<typeof paymentQuery>;
export type Payment = {
  payment_id: string;
  package: PackageTier;
  credits: number;
  method: PaymentMethod;
  amount: number;
  currency: string;
  status: PaymentStatus;
  created_at: string;
  paid_at: string | null;
  /** This payment made the member premium (their first purchase). */
  made_premium: boolean;
  discount: AppliedDiscount | null;
};
/** With the member's `user` as it is now (credits and premium after a completed payment). */
export type PaymentAnswer = { payment: Payment; user: User };

/**
 * GET /api/transactions.php?page=N (TRANSACTIONS_PAGE a page): the member's ledger, newest first: purchases, refunds and
 * chargebacks, spending and bonuses. `credits` is the change (negative for spending).
 */
export const transactionsQuery = z
  .object({
    page: z.coerce.number().int(issue('invalid_request')).min(1, issue('invalid_request')).max(10_000, issue('invalid_request')).default(1),
  })
  .strict();
export type TransactionsQuery = z.input<typeof transactionsQuery>;
export type TransactionKind = 'purchase' | 'refund' | 'chargeback' | 'spend' | 'bonus';
export type Transaction = {
  id: number;
  kind: TransactionKind;
  /** What it was for: message_text, message_gift, message_image, signup, payment… (localized by the web as transactions.reason.<reason>) */
  reason: string;
  credits: number;
  balance_after: number;
  created_at: string;
  /** The payment behind a purchase, refund or chargeback. */
  payment: Pick<Payment, 'payment_id' | 'package' | 'amount' | 'currency' | 'method'> | null;
};
export type TransactionsAnswer = { transactions: Transaction[]; page: number; more: boolean };

/** GET /api/transactions.php?id=N: one of my transactions with its receipt (404 for anyone else's, or none). */
export const transactionQuery = z
  .object({
    id: z.coerce
      .number({ error: issue('not_found_generic') })
      .int(issue('not_found_generic'))
      .positive(issue('not_found_generic'))
      .max(2 ** 53 - 1, issue('not_found_generic')),
  })
  .strict();
export type TransactionQuery = z.input<typeof transactionQuery>;
/** A receipt: the seller (the site's company), the buyer, the money with VAT included (rate in percent, amounts in minor units). */
export type Receipt = {
  number: string;
  company: { name: string; address: string; zip: string; city: string; country: string; kvk: string; vat_number: string | null };
  site: string;
  buyer: { name: string; email: string; country: string };
  amount: number;
  currency: string;
  vat_rate: number;
  vat_amount: number;
  net_amount: number;
  /** The discount the payment was made with: the price before it is `full_amount`, `amount` the price paid. */
  discount: AppliedDiscount | null;
};
export type TransactionAnswer = { transaction: Transaction; receipt: Receipt | null };

/**
 * Spec section 3's discount code object. `percentage` repeats `value_percentage` (the spec names
 * both). Money in minor units of `currency`. `paymentmethods`: the methods it is valid with (null:
 * any). `validity`: seconds left until it expires (null: no end). Codes are used once per member.
 */
export type DiscountCode = {
  code: string;
  country: string | null;
  user_id: number | null;
  expires: string | null;
  value_percentage: number;
  percentage: number;
  currency: string | null;
  minimum_order_value: number | null;
  status: 'active' | 'used' | 'expired';
  validity: number | null;
  expired: boolean;
  paymentmethods: PaymentMethod[] | null;
  /** The time bonus (TIMEBONUS25, the first 4 hours after signup) or the member's welcome code. */
  kind: 'time_bonus' | 'welcome' | 'code';
};

/**
 * GET /api/discountcode.php?code=X[&package=p2][&method=ideal]: a code checked for this member
 * (and, when given, this package and method). ?welcome=true: the member's active discount — the
 * time bonus while it runs, else the welcome code (25 % on the first purchase, time-limited).
 * Errors: 404 code_not_found ('Code niet gevonden'), 409 code_used ('Code reeds gebruikt'),
 * 410 code_expired, 400 code_minimum_order, code_country, code_method. ?welcome=true without an
 * active discount answers 200 `{discountcode: null}` (none is an answer, not an error: a free
 * member's every page load asks).
 */
export const discountQuery = z.union([
  z.object({ welcome: z.literal('true') }).strict(),
  z
    .object({
      code: z.string().trim().min(1, issue('code_not_found')).max(64, issue('code_not_found')),
      package: z.enum(PACKAGE_TIERS, { error: issue('package_not_found') }).optional(),
      method: z.enum(PAYMENT_METHODS, { error: issue('method_unavailable') }).optional(),
    })
    .strict(),
]);
export type DiscountQuery = z.input<typeof discountQuery>;
export type DiscountAnswer = { discountcode: DiscountCode };
/** ?welcome=true: the member's active discount, null for none. */
export type ActiveDiscountAnswer = { discountcode: DiscountCode | null };

/**
 * Direct debit (spec sections 2, 3 and 5: /directdebit). Step 1, POST /api/directdebit.php:
 * the form (account holder, IBAN, address, phone) for a package; the IBAN's checksum and the phone
 * are checked, blocked IBANs and phones refused ('Je account is geblokkeerd voor automatische
 * incasso.', 403 directdebit_blocked), a daily limit kept (429 directdebit_limit); an SMS code (6
 * digits, single use, 10 minutes, bound to this request, 5 tries) goes to the phone.
 * Errors per field: iban_invalid, phone_invalid, and the usual invalid_request issues.
 */
export const directDebitInput = z
  .object({
    package: z.enum(PACKAGE_TIERS, { error: issue('package_not_found') }),
    account_holder: z.string().trim().min(2, issue('field_required')).max(100),
    iban: z.string().trim().min(1, issue('iban_invalid')).max(42, issue('iban_invalid')),
    street: z.string().trim().min(1, issue('field_required')).max(100),
    house_number: z.string().trim().min(1, issue('field_required')).max(20),
    zip: z.string().trim().min(1, issue('field_required')).max(12),
    city: z.string().trim().min(1, issue('field_required')).max(100),
    phone: z.string().trim().min(6, issue('phone_invalid')).max(30, issue('phone_invalid')),
    discount_code: z.string().trim().max(64).optional(),
  })
  .strict();
export type DirectDebitInput = z.input<typeof directDebitInput>;
/** The request to confirm: its id, where the code went (masked), when it expires. */
export type DirectDebitAnswer = {
  request_id: string;
  phone: string;
  expires_at: string;
  amount: number;
  currency: string;
  credits: number;
};

/**
 * Step 2, POST /api/directdebit-confirm.php: the SMS code ('Code ongeldig', 400 otp_invalid; after 5
 * wrong tries or 10 minutes 410 otp_expired). Makes the mandate and the payment (pending while the
 * bank collects it) and answers where to follow it: /credits/{package}/directdebit?payment=ID.
 */
export const directDebitConfirmInput = z
  .object({
    request_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, issue('otp_invalid')),
    otp: z
      .string()
      .trim()
      .regex(/^\d{6}$/, issue('otp_invalid')),
  })
  .strict();
export type DirectDebitConfirmInput = z.input<typeof directDebitConfirmInput>;
export type DirectDebitConfirmAnswer = { payment_id: string; package: PackageTier };

/** A saved way to pay again (a mandate): direct debit from an account, or a card. `label` is masked ("NL** **** **** 1234", "•••• 4242"). */
export type Mandate = { id: string; method: 'directdebit' | 'creditcard'; label: string; created_at: string };
/**
 * GET /api/repeat-order.php: a premium member's saved mandate and their last package, for
 * /credits/repeat-order (none: mandate null). POST /api/repeat-order.php {package}: one step, paid
 * with the mandate; answers the payment to follow. 403 premium_required, 404 no_mandate.
 */
export type RepeatOrderAnswer = { mandate: Mandate | null; last_package: PackageTier | null };
export const repeatOrderInput = z.object({ package: z.enum(PACKAGE_TIERS, { error: issue('package_not_found') }) }).strict();
export type RepeatOrderInput = z.input<typeof repeatOrderInput>;
export type RepeatOrderStartAnswer = { payment_id: string; package: PackageTier; method: 'directdebit' | 'creditcard' };
