import { PAYMENT_METHODS, type PaymentMethod, type PaymentStatus } from '../../contracts/payments';
import {
  PaymentProviderError,
  type CreatedPayment,
  type CreatePaymentRequest,
  type MandateMethod,
  type MethodsQuery,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderReversal,
} from './types';

/**
 * Mollie's payments API (v2) over `fetch` (its SDK imports Node's `https`). What we use of it:
 * POST /payments (one-off payments with a chosen method; the member pays on Mollie's hosted
 * checkout), GET /payments/{id} (the status, always fetched back: the webhook posts only the id),
 * GET /methods (which of our methods Mollie takes for an amount), and GET
 * /payments/{id}/refunds and /chargebacks (only when the payment's totals say there are any).
 * No issuers: since iDEAL 2.0 (2025) the bank is chosen on iDEAL's own page and Mollie ignores the
 * `issuer` field. Mandates for repeat orders: POST /customers (one per member), POST
 * /customers/{id}/mandates for SEPA direct debit (the IBAN, the holder and the day the member
 * signed with the SMS code), card mandates from a paid `first` card payment (its `mandateId`, read
 * with GET /customers/{id}/mandates/{id}), and POST /payments with `sequenceType: recurring`.
 *
 * Every error becomes a PaymentProviderError: Mollie's 4xx/5xx answers (`{status, title, detail,
 * field}`) with their status, network failures and timeouts, and answers we cannot read. The API
 * key is sent only in the Authorization header and never appears in a message.
 */

export const MOLLIE_API_URL = 'https://api.mollie.com/v2';
/** A Mollie call that takes longer is given up (the webhook is retried by Mollie, the member's poll asks again). */
const TIMEOUT_MS = 10_000;

export type MollieOptions = {
  /** `live_…` or `test_…`; without one the adapter is unavailable. */
  apiKey: string | undefined;
  /** The API base (MOLLIE_API_URL; a recorded fake in tests). */
  baseUrl?: string;
  /** The fetch to call Mollie with (tests answer with recorded responses); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** How long a methods answer is kept in this isolate (0: not kept). */
  methodsCacheMs?: number;
};

/** Mollie's payment statuses and ours: `authorized` (money reserved, not captured yet) is still pending for us. */
const STATUSES: Record<string, PaymentStatus> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

/** Mollie's locales (its `locale` enum); ours map to the one of the buyer's country when Mollie has it. */
const MOLLIE_LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'de_DE',
  'de_AT',
  'de_CH',
  'de_LU',
  'fr_FR',
  'fr_BE',
  'fr_LU',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);
const DEFAULT_LOCALE: Record<string, string> = { nl: 'nl_NL', en: 'en_US', de: 'de_DE' };

export function mollieLocale(locale: string | undefined, country?: string): string {
  const language = (locale ?? 'en').slice(0, 2).toLowerCase();
  const exact = country ? `${language}_${country.toUpperCase()}` : '';
  if (MOLLIE_LOCALES.has(exact)) return exact;
  return DEFAULT_LOCALE[language] ?? 'en_US';
}

/** Digits after the decimal point of a currency (ISO 4217 minor units: EUR 2, JPY 0). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    throw new PaymentProviderError('mollie', `unknown currency ${JSON.stringify(currency)}`);
  }
}

/** Minor units as Mollie's amount value: a string with exactly the currency's decimals ("59.95", "1000" for yen). */
export function toMollieValue(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new PaymentProviderError('mollie', `amount ${amount} is not an integer in minor units`);
  const digits = currencyDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const units = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${units}` : `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

/** Mollie's amount value back to minor units, exactly (no floating point); more decimals than the currency has is an error. */
export function fromMollieValue(value: unknown, currency: string): number {
  const match = typeof value === 'string' ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!match) throw new PaymentProviderError('mollie', `unreadable amount ${JSON.stringify(value)}`);
  const digits = currencyDigits(currency);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits)))
    throw new PaymentProviderError('mollie', `amount ${value} has more decimals than ${currency}`);
  const minor = Number(whole! + fraction.slice(0, digits).padEnd(digits, '0'));
  return sign ? -minor : minor;
}

type MollieAmount = { currency: string; value: string };
type MolliePayment = {
  resource: 'payment';
  id: string;
  status: string;
  amount: MollieAmount;
  amountRefunded?: MollieAmount;
  amountChargedBack?: MollieAmount;
  metadata?: unknown;
  customerId?: string | null;
  mandateId?: string | null;
  _links?: { checkout?: { href: string } | null };
};
type MollieMandate = {
  resource: 'mandate';
  id: string;
  status: string;
  method: string;
  customerId?: string;
  details?: { cardNumber?: string | null; consumerAccount?: string | null } | null;
};
type MollieRefund = { id: string; amount: MollieAmount; status: string; createdAt: string };
type MollieChargeback = { id: string; amount: MollieAmount; createdAt: string; reversedAt?: string | null };
type MollieList<K extends string, T> = { count: number; _embedded: Record<K, T[]>; _links?: { next?: { href: string } | null } };
type MollieError = { status?: number; title?: string; detail?: string; field?: string };

/** Mollie's payment ids (`tr_…`); anything else is not asked about. */
export const MOLLIE_PAYMENT_ID = /^tr_[A-Za-z0-9]{4,64}$/;
const MOLLIE_CUSTOMER_ID = /^cst_[A-Za-z0-9]{4,64}$/;
const MOLLIE_MANDATE_ID = /^mdt_[A-Za-z0-9]{4,64}$/;
const MANDATE_STATUSES = new Set(['valid', 'pending', 'invalid']);
const MANDATE_METHODS: readonly string[] = ['directdebit', 'creditcard'] satisfies MandateMethod[];
/** Refunds that failed or were cancelled gave nothing back. */
const REFUND_VOID = new Set(['failed', 'canceled']);

/** Methods answers kept per isolate, by API base, key, currency, amount and locale. */
const methodsCache = new Map<string, { until: number; methods: ProviderMethod[] }>();

export function mollieProvider(options: MollieOptions): PaymentProvider {
  const apiKey = options.apiKey?.trim();
  if (!apiKey) throw new PaymentProviderError('mollie', 'not configured (MOLLIE_API_KEY is not set)', true);
  const base = (options.baseUrl?.trim() || MOLLIE_API_URL).replace(/\/+$/, '');
  const send = options.fetch ?? ((request: Request) => fetch(request));

  /** One call to Mollie: its JSON, or a PaymentProviderError (Mollie's own error with its status, or why the call failed). */
  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    init: { query?: URLSearchParams; body?: unknown; idempotencyKey?: string } = {},
  ): Promise<T> {
    const url = `${base}${path}${init.query && init.query.size ? `?${init.query}` : ''}`;
    const headers = new Headers({ authorization: `Bearer ${apiKey}`, accept: 'application/hal+json' });
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    if (init.idempotencyKey) headers.set('idempotency-key', init.idempotencyKey);
    let res: Response;
    try {
      res = await send(
        new Request(url, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        }),
      );
    } catch (error) {
      throw new PaymentProviderError(
        'mollie',
        `${method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`,
        false,
        { cause: error },
      );
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!res.ok) {
      const e = (body && typeof body === 'object' ? body : {}) as MollieError;
      throw new PaymentProviderError(
        'mollie',
        `${method} ${path} answered ${res.status} ${e.title ?? res.statusText}${e.detail ? `: ${e.detail}` : ''}`,
        false,
        {
          status: res.status,
          field: typeof e.field === 'string' ? e.field : null,
        },
      );
    }
    if (method === 'DELETE' && res.status === 204) return null as T;
    if (!body || typeof body !== 'object')
      throw new PaymentProviderError('mollie', `${method} ${path} answered ${res.status} without JSON`, false, { status: res.status });
    return body as T;
  }

  function paymentOf(p: MolliePayment): ProviderPayment {
    const status = STATUSES[p.status];
    if (!status) throw new PaymentProviderError('mollie', `payment ${p.id} has an unknown status ${JSON.stringify(p.status)}`);
    const currency = p.amount.currency;
    const metadata = p.metadata && typeof p.metadata === 'object' ? (p.metadata as Record<string, unknown>) : null;
    return {
      id: p.id,
      status,
      amount: fromMollieValue(p.amount.value, currency),
      currency,
      reference: typeof metadata?.['payment_id'] === 'string' ? metadata['payment_id'] : null,
      amountRefunded: p.amountRefunded ? fromMollieValue(p.amountRefunded.value, currency) : 0,
      amountChargedBack: p.amountChargedBack ? fromMollieValue(p.amountChargedBack.value, currency) : 0,
      customerId: typeof p.customerId === 'string' && MOLLIE_CUSTOMER_ID.test(p.customerId) ? p.customerId : null,
      mandateId: typeof p.mandateId === 'string' && MOLLIE_MANDATE_ID.test(p.mandateId) ? p.mandateId : null,
    };
  }

  function mandateOf(m: MollieMandate, customerId: string): ProviderMandate {
    if (typeof m.id !== 'string' || !MOLLIE_MANDATE_ID.test(m.id))
      throw new PaymentProviderError('mollie', 'answered a mandate without a mandate id');
    if (!MANDATE_METHODS.includes(m.method))
      throw new PaymentProviderError('mollie', `mandate ${m.id} is for ${JSON.stringify(m.method)}, not a method we save`);
    if (!MANDATE_STATUSES.has(m.status))
      throw new PaymentProviderError('mollie', `mandate ${m.id} has an unknown status ${JSON.stringify(m.status)}`);
    const digits = m.method === 'creditcard' ? (/(\d{4})$/.exec(String(m.details?.cardNumber ?? ''))?.[1] ?? null) : null;
    return {
      id: m.id,
      customerId: m.customerId ?? customerId,
      method: m.method as MandateMethod,
      status: m.status as ProviderMandate['status'],
      last4: digits,
    };
  }

  const customerPath = (customerId: string) => {
    if (!MOLLIE_CUSTOMER_ID.test(customerId))
      throw new PaymentProviderError('mollie', `${JSON.stringify(customerId)} is not a Mollie customer id`);
    return `/customers/${customerId}`;
  };

  /** Every page of a payment's refunds or chargebacks (250 a page; `next` names where the following page starts). */
  async function listAll<K extends 'refunds' | 'chargebacks', T>(paymentId: string, kind: K): Promise<T[]> {
    const items: T[] = [];
    let query = new URLSearchParams({ limit: '250' });
    for (let page = 0; page < 20; page++) {
      const list = await call<MollieList<K, T>>('GET', `/payments/${encodeURIComponent(paymentId)}/${kind}`, { query });
      items.push(...(list._embedded?.[kind] ?? []));
      const next = list._links?.next?.href;
      if (!next) return items;
      query = new URL(next).searchParams;
    }
    throw new PaymentProviderError('mollie', `payment ${paymentId} has more ${kind} than we page through`);
  }

  return {
    name: 'mollie',
    async methods(currency: string, query: MethodsQuery = {}) {
      // without an amount Mollie lists euro methods only: other currencies are asked for one unit
      const amount = query.amount ?? (currency === 'EUR' ? undefined : 10 ** currencyDigits(currency));
      const params = new URLSearchParams();
      if (amount !== undefined) {
        params.set('amount[value]', toMollieValue(amount, currency));
        params.set('amount[currency]', currency);
      }
      if (query.locale) params.set('locale', mollieLocale(query.locale, query.country));
      const key = `${base}|${apiKey}|${params}`;
      const cached = options.methodsCacheMs ? methodsCache.get(key) : undefined;
      if (cached && cached.until > Date.now()) return cached.methods;
      const list = await call<MollieList<'methods', { id: string; status?: string | null }>>('GET', '/methods', { query: params });
      const methods = (list._embedded?.methods ?? [])
        .filter((m) => (PAYMENT_METHODS as readonly string[]).includes(m.id) && m.status !== 'rejected')
        .map((m): ProviderMethod => ({ id: m.id as PaymentMethod, issuers: [] }));
      if (options.methodsCacheMs) methodsCache.set(key, { until: Date.now() + options.methodsCacheMs, methods });
      return methods;
    },
    async issuers() {
      return [];
    },
    async createPayment(r: CreatePaymentRequest): Promise<CreatedPayment> {
      if (r.method === 'directdebit')
        throw new PaymentProviderError('mollie', 'direct debit is collected with a mandate, not a one-off payment');
      const created = await call<MolliePayment>('POST', '/payments', {
        body: {
          amount: { currency: r.currency, value: toMollieValue(r.amount, r.currency) },
          description: r.description.slice(0, 255),
          redirectUrl: r.redirectUrl,
          webhookUrl: r.webhookUrl,
          method: r.method,
          metadata: { payment_id: r.reference },
          locale: mollieLocale(r.locale, r.country),
          // a card payment for a customer is the `first` of a sequence: once paid it leaves a mandate
          ...(r.customerId ? { customerId: r.customerId, sequenceType: r.sequenceType ?? 'oneoff' } : {}),
        },
        // a retried start (a timeout after Mollie made it) gets the same payment, not a second one
        idempotencyKey: r.reference,
      });
      const checkoutUrl = created._links?.checkout?.href;
      if (typeof created.id !== 'string' || !MOLLIE_PAYMENT_ID.test(created.id))
        throw new PaymentProviderError('mollie', 'created a payment without a payment id');
      if (typeof checkoutUrl !== 'string' || !/^https?:\/\//.test(checkoutUrl))
        throw new PaymentProviderError('mollie', `payment ${created.id} has no checkout page`);
      return { id: created.id, checkoutUrl, status: paymentOf(created).status };
    },
    async getPayment(id: string) {
      if (!MOLLIE_PAYMENT_ID.test(id)) return null;
      try {
        return paymentOf(await call<MolliePayment>('GET', `/payments/${encodeURIComponent(id)}`));
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return null;
        throw error;
      }
    },
    async reversals(payment: ProviderPayment) {
      const out: ProviderReversal[] = [];
      if (payment.amountRefunded > 0)
        for (const r of await listAll<'refunds', MollieRefund>(payment.id, 'refunds'))
          if (!REFUND_VOID.has(r.status))
            out.push({ id: r.id, kind: 'refund', amount: fromMollieValue(r.amount.value, payment.currency), createdAt: r.createdAt });
      if (payment.amountChargedBack > 0)
        for (const c of await listAll<'chargebacks', MollieChargeback>(payment.id, 'chargebacks'))
          if (!c.reversedAt)
            out.push({ id: c.id, kind: 'chargeback', amount: fromMollieValue(c.amount.value, payment.currency), createdAt: c.createdAt });
      return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    async createCustomer(r) {
      const created = await call<{ id?: unknown }>('POST', '/customers', {
        body: {
          name: r.name.slice(0, 255),
          email: r.email,
          locale: mollieLocale(r.locale, r.country),
          metadata: { member_id: r.reference },
        },
        idempotencyKey: `customer-${r.reference}`,
      });
      if (typeof created.id !== 'string' || !MOLLIE_CUSTOMER_ID.test(created.id))
        throw new PaymentProviderError('mollie', 'created a customer without a customer id');
      return created.id;
    },
    // DELETE /customers/{id} revokes the customer's mandates with it; one Mollie no longer knows is gone already
    async deleteCustomer(customerId) {
      if (!MOLLIE_CUSTOMER_ID.test(customerId)) return;
      try {
        await call<null>('DELETE', customerPath(customerId));
      } catch (error) {
        if (error instanceof PaymentProviderError && (error.status === 404 || error.status === 410)) return;
        throw error;
      }
    },
    async createMandate(r) {
      const created = await call<MollieMandate>('POST', `${customerPath(r.customerId)}/mandates`, {
        body: {
          method: 'directdebit',
          consumerName: r.consumerName,
          consumerAccount: r.consumerAccount,
          signatureDate: r.signatureDate,
          mandateReference: r.reference,
        },
        idempotencyKey: r.reference,
      });
      return mandateOf(created, r.customerId);
    },
    async getMandate(customerId, mandateId) {
      if (!MOLLIE_CUSTOMER_ID.test(customerId) || !MOLLIE_MANDATE_ID.test(mandateId)) return null;
      try {
        return mandateOf(await call<MollieMandate>('GET', `${customerPath(customerId)}/mandates/${mandateId}`), customerId);
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return null;
        throw error;
      }
    },
    async createRecurringPayment(r) {
      customerPath(r.customerId);
      if (!MOLLIE_MANDATE_ID.test(r.mandateId))
        throw new PaymentProviderError('mollie', `${JSON.stringify(r.mandateId)} is not a Mollie mandate id`);
      const created = await call<MolliePayment>('POST', '/payments', {
        body: {
          amount: { currency: r.currency, value: toMollieValue(r.amount, r.currency) },
          description: r.description.slice(0, 255),
          webhookUrl: r.webhookUrl,
          method: r.method,
          sequenceType: 'recurring',
          customerId: r.customerId,
          mandateId: r.mandateId,
          metadata: { payment_id: r.reference },
        },
        idempotencyKey: r.reference,
      });
      if (typeof created.id !== 'string' || !MOLLIE_PAYMENT_ID.test(created.id))
        throw new PaymentProviderError('mollie', 'created a payment without a payment id');
      return { id: created.id, status: paymentOf(created).status };
    },
  };
}
