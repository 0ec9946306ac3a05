import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DirectDebitAnswer,
  DirectDebitConfirmAnswer,
  PaymentAnswer,
  RepeatOrderAnswer,
  RepeatOrderStartAnswer,
  StartPaymentAnswer,
} from '../../worker/contracts/payments';
import worker from '../../worker/index';
import { features } from '../../worker/features';
import { purgeDeletedAccounts } from '../../worker/features/account/purge';
import { clock } from '../../worker/lib/clock';
import { getDb } from '../../worker/lib/db';
import { fromMollieValue, mollieLocale, mollieProvider, toMollieValue } from '../../worker/lib/payments/mollie';
import { PaymentProviderError, type CreatePaymentRequest, type ProviderPayment } from '../../worker/lib/payments';
import createCustomer201 from '../fixtures/mollie/create-customer-201.json';
import createMandate201 from '../fixtures/mollie/create-mandate-201.json';
import createPayment201 from '../fixtures/mollie/create-payment-201.json';
import createPaymentRecurring201 from '../fixtures/mollie/create-payment-recurring-201.json';
import mandateCard from '../fixtures/mollie/get-mandate-creditcard.json';
import paymentFirstPaid from '../fixtures/mollie/get-payment-first-paid.json';
import error401 from '../fixtures/mollie/error-401.json';
import error404 from '../fixtures/mollie/error-404.json';
import error422 from '../fixtures/mollie/error-422.json';
import error503 from '../fixtures/mollie/error-503.json';
import paymentChargedBack from '../fixtures/mollie/get-payment-charged-back.json';
import paymentPaid from '../fixtures/mollie/get-payment-paid.json';
import paymentRefunded from '../fixtures/mollie/get-payment-refunded.json';
import chargebacksList from '../fixtures/mollie/list-chargebacks.json';
import methodsEur from '../fixtures/mollie/list-methods-eur.json';
import methodsGbp from '../fixtures/mollie/list-methods-gbp.json';
import refundsPage1 from '../fixtures/mollie/list-refunds-page-1.json';
import refundsPage2 from '../fixtures/mollie/list-refunds-page-2.json';
import { count, H, post, signup } from './account-helpers';

/**
 * The Mollie adapter against recorded shapes of Mollie's documented API (tests/fixtures/mollie):
 * a fake Mollie answers the adapter's requests through its fetch, and every request is checked
 * as Mollie documents it (method, path, query, Bearer key, JSON body).
 */
const API = 'https://api.mollie.test/v2';
const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

type Seen = { method: string; path: string; query: Record<string, string>; headers: Record<string, string>; body: unknown };
type Answer = readonly [number, unknown];

/** A fake Mollie: records each request and answers with what `answer` picks (a recorded JSON and its status). */
function fakeMollie(answer: (seen: Seen) => Answer | Promise<Answer>) {
  const seen: Seen[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const text = await request.text();
    const entry: Seen = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(request.headers),
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    const [status, body] = await answer(entry);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/hal+json' } });
  };
  return { fetch, seen };
}

/** A recorded response with some values of this test (deeply copied first). */
function recorded<T>(fixture: T, patch: (copy: T) => void = () => {}): T {
  const copy = structuredClone(fixture);
  patch(copy);
  return copy;
}

const request: CreatePaymentRequest = {
  amount: 5995,
  currency: 'EUR',
  description: 'Vonkje: 250 credits',
  method: 'ideal',
  issuer: null,
  redirectUrl: 'https://vonkje.nl/credits/p2/ideal?payment=REFERENCE',
  webhookUrl: 'https://vonkje.nl/hooks/payments/mollie',
  reference: 'REFERENCE',
  locale: 'nl',
  country: 'NL',
};

const adapter = (answer: (seen: Seen) => Answer | Promise<Answer>) => {
  const fake = fakeMollie(answer);
  return { mollie: mollieProvider({ apiKey: KEY, baseUrl: API, fetch: fake.fetch }), seen: fake.seen };
};

describe('the Mollie adapter, against recorded requests and responses', () => {
  it('creates a payment: POST /v2/payments with the Bearer key and the documented JSON body; the checkout from _links', async () => {
    const { mollie, seen } = adapter(() => [201, createPayment201]);
    const created = await mollie.createPayment(request);
    expect(created).toEqual({
      id: 'tr_7UhSN1zuXS',
      checkoutUrl: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS',
      status: 'open',
    });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.method).toBe('POST');
    expect(call!.path).toBe('/v2/payments');
    expect(call!.query).toEqual({});
    expect(call!.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      accept: 'application/hal+json',
      // a retried start gets the same payment
      'idempotency-key': 'REFERENCE',
    });
    expect(call!.body).toEqual({
      amount: { currency: 'EUR', value: '59.95' },
      description: 'Vonkje: 250 credits',
      redirectUrl: 'https://vonkje.nl/credits/p2/ideal?payment=REFERENCE',
      webhookUrl: 'https://vonkje.nl/hooks/payments/mollie',
      method: 'ideal',
      metadata: { payment_id: 'REFERENCE' },
      locale: 'nl_NL',
    });
    // no issuer, even when one is given: iDEAL 2.0 chooses the bank on its own page
    await mollie.createPayment({ ...request, issuer: 'ideal_INGBNL2A' });
    expect(seen[1]!.body).not.toHaveProperty('issuer');
  });

  it('amounts: minor units become strings with exactly the currency decimals, and come back exactly', async () => {
    expect(toMollieValue(5995, 'EUR')).toBe('59.95');
    expect(toMollieValue(5, 'EUR')).toBe('0.05');
    expect(toMollieValue(100, 'EUR')).toBe('1.00');
    expect(toMollieValue(12250, 'CHF')).toBe('122.50');
    expect(toMollieValue(2495, 'AUD')).toBe('24.95');
    // zero-decimal currencies have no decimal point at all (¥1000 is 1000 minor units)
    expect(toMollieValue(1000, 'JPY')).toBe('1000');
    expect(toMollieValue(1000, 'ISK')).toBe('1000');
    expect(() => toMollieValue(59.95, 'EUR')).toThrow(PaymentProviderError);
    expect(fromMollieValue('59.95', 'EUR')).toBe(5995);
    expect(fromMollieValue('0.01', 'EUR')).toBe(1);
    expect(fromMollieValue('10', 'EUR')).toBe(1000);
    expect(fromMollieValue('10.5', 'EUR')).toBe(1050);
    expect(fromMollieValue('-59.95', 'EUR')).toBe(-5995);
    expect(fromMollieValue('1000', 'JPY')).toBe(1000);
    // 0.1 + 0.2 and friends: no floating point on the way
    expect(fromMollieValue('1234567.89', 'EUR')).toBe(123456789);
    for (const bad of ['59.955', '1,00', '', 'abc', 5995, null]) expect(() => fromMollieValue(bad, 'EUR')).toThrow(PaymentProviderError);
    // a payment in pounds: its value and the English locale of the buyer's country
    const { mollie, seen } = adapter(() => [201, recorded(createPayment201, (p) => (p.amount = { value: '12.95', currency: 'GBP' }))]);
    await mollie.createPayment({ ...request, amount: 1295, currency: 'GBP', method: 'creditcard', locale: 'en', country: 'GB' });
    expect(seen[0]!.body).toMatchObject({ amount: { currency: 'GBP', value: '12.95' }, method: 'creditcard', locale: 'en_GB' });
    expect([
      mollieLocale('de', 'CH'),
      mollieLocale('de', 'DE'),
      mollieLocale('en', 'AU'),
      mollieLocale('nl', 'BE'),
      mollieLocale('de', undefined),
    ]).toEqual(['de_CH', 'de_DE', 'en_US', 'nl_BE', 'de_DE']);
  });

  it('gets a payment: GET /v2/payments/{id}, statuses mapped to ours, our reference from the metadata, refunded and charged-back totals', async () => {
    let answer: unknown = recorded(paymentPaid);
    const { mollie, seen } = adapter(() => [200, answer]);
    expect(await mollie.getPayment('tr_7UhSN1zuXS')).toEqual({
      id: 'tr_7UhSN1zuXS',
      status: 'paid',
      amount: 5995,
      currency: 'EUR',
      reference: 'REFERENCE',
      amountRefunded: 0,
      amountChargedBack: 0,
      customerId: null,
      mandateId: null,
    });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v2/payments/tr_7UhSN1zuXS', query: {}, body: undefined });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
    expect(seen[0]!.headers).not.toHaveProperty('content-type');
    const statuses: [string, string][] = [
      ['open', 'open'],
      ['pending', 'pending'],
      ['authorized', 'pending'],
      ['paid', 'paid'],
      ['failed', 'failed'],
      ['canceled', 'canceled'],
      ['expired', 'expired'],
    ];
    for (const [theirs, ours] of statuses) {
      answer = recorded(paymentPaid, (p) => (p.status = theirs));
      expect((await mollie.getPayment('tr_7UhSN1zuXS'))!.status).toBe(ours);
    }
    answer = recorded(paymentPaid, (p) => (p.status = 'shipping'));
    await expect(mollie.getPayment('tr_7UhSN1zuXS')).rejects.toThrow(PaymentProviderError);
    // a refund: still paid, with what was refunded
    answer = recorded(paymentRefunded);
    expect(await mollie.getPayment('tr_7UhSN1zuXS')).toMatchObject({ status: 'paid', amountRefunded: 2998, amountChargedBack: 0 });
    // a chargeback: the payment stays paid, amountChargedBack says it
    answer = recorded(paymentChargedBack);
    expect(await mollie.getPayment('tr_7UhSN1zuXS')).toMatchObject({
      status: 'paid',
      amount: 5995,
      amountRefunded: 0,
      amountChargedBack: 5995,
    });
    // metadata that is not ours: no reference
    answer = recorded(paymentPaid, (p) => ((p as { metadata: unknown }).metadata = '{"order_id":12345}'));
    expect((await mollie.getPayment('tr_7UhSN1zuXS'))!.reference).toBeNull();
  });

  it('an unknown payment is null (404); an id that is not Mollie’s is never sent', async () => {
    const { mollie, seen } = adapter(() => [404, error404]);
    expect(await mollie.getPayment('tr_unknown0000')).toBeNull();
    expect(seen.map((s) => s.path)).toEqual(['/v2/payments/tr_unknown0000']);
    for (const id of ['sim_AAAAAAAAAAAAAAAA', '../methods', 'tr_', 'tr_a/b']) expect(await mollie.getPayment(id)).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('methods: GET /v2/methods with the amount and locale, ours only (not rejected ones); no issuers and no call for them', async () => {
    const { mollie, seen } = adapter((s) => [200, s.query['amount[currency]'] === 'GBP' ? methodsGbp : methodsEur]);
    expect(await mollie.methods('EUR', { amount: 1495, locale: 'nl', country: 'NL' })).toEqual([
      { id: 'ideal', issuers: [] },
      { id: 'creditcard', issuers: [] },
      { id: 'paypal', issuers: [] },
    ]);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/v2/methods',
      query: { 'amount[value]': '14.95', 'amount[currency]': 'EUR', locale: 'nl_NL' },
      body: undefined,
    });
    expect(await mollie.methods('GBP', { amount: 1295, locale: 'en', country: 'GB' })).toEqual([
      { id: 'creditcard', issuers: [] },
      { id: 'paypal', issuers: [] },
    ]);
    expect(seen[1]!.query).toEqual({ 'amount[value]': '12.95', 'amount[currency]': 'GBP', locale: 'en_GB' });
    // without an amount: euros need none, another currency is asked for one unit (Mollie lists euro methods otherwise)
    await mollie.methods('EUR');
    expect(seen[2]!.query).toEqual({});
    await mollie.methods('GBP');
    expect(seen[3]!.query).toEqual({ 'amount[value]': '1.00', 'amount[currency]': 'GBP' });
    expect(await mollie.issuers('ideal')).toEqual([]);
    expect(seen).toHaveLength(4);
  });

  it('refunds and chargebacks: listed only when the totals say so, every page, failed refunds and reversed chargebacks left out', async () => {
    const { mollie, seen } = adapter((s) => {
      if (s.path.endsWith('/refunds')) return [200, s.query['from'] === 're_9xYzAbCdEf' ? refundsPage2 : refundsPage1];
      if (s.path.endsWith('/chargebacks')) return [200, chargebacksList];
      return [500, {}];
    });
    const reported: ProviderPayment = {
      id: 'tr_7UhSN1zuXS',
      status: 'paid',
      amount: 5995,
      currency: 'EUR',
      reference: 'REFERENCE',
      amountRefunded: 0,
      amountChargedBack: 0,
    };
    expect(await mollie.reversals(reported)).toEqual([]);
    expect(seen).toHaveLength(0);
    expect(await mollie.reversals({ ...reported, amountRefunded: 5995, amountChargedBack: 5995 })).toEqual([
      { id: 're_4qqhO89gsT', kind: 'refund', amount: 2998, createdAt: '2026-03-21T10:00:00+00:00' },
      { id: 're_9xYzAbCdEf', kind: 'refund', amount: 2997, createdAt: '2026-03-22T09:30:00+00:00' },
      { id: 'chb_xFzwUN4ci8HAmSGUACS4J', kind: 'chargeback', amount: 5995, createdAt: '2026-04-03T13:20:37+00:00' },
    ]);
    expect(seen.map((s) => [s.method, s.path, s.query])).toEqual([
      ['GET', '/v2/payments/tr_7UhSN1zuXS/refunds', { limit: '250' }],
      ['GET', '/v2/payments/tr_7UhSN1zuXS/refunds', { from: 're_9xYzAbCdEf', limit: '250' }],
      ['GET', '/v2/payments/tr_7UhSN1zuXS/chargebacks', { limit: '250' }],
    ]);
    expect(seen.every((s) => s.headers['authorization'] === `Bearer ${KEY}`)).toBe(true);
  });

  it("Mollie's errors ({status, title, detail, field}) become PaymentProviderError with the status; failures of the call too; the key never shows", async () => {
    const cases: [number, unknown][] = [
      [422, error422],
      [401, error401],
      [503, error503],
    ];
    for (const [status, body] of cases) {
      const { mollie } = adapter(() => [status, body]);
      const error = await mollie.createPayment(request).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PaymentProviderError);
      const e = error as PaymentProviderError;
      expect(e.status).toBe(status);
      expect(e.unavailable).toBe(false);
      expect(e.message).toContain((body as { detail: string }).detail);
      expect(e.message).not.toContain(KEY);
    }
    const { mollie: m422 } = adapter(() => [422, error422]);
    await expect(m422.createPayment(request)).rejects.toMatchObject({ field: 'description', provider: 'mollie' });
    // an answer that is not JSON, a network failure, a created payment without a checkout page
    const { mollie: html } = adapter(() => [200, undefined]);
    await expect(html.getPayment('tr_7UhSN1zuXS')).rejects.toThrow(PaymentProviderError);
    const down = mollieProvider({ apiKey: KEY, baseUrl: API, fetch: () => Promise.reject(new TypeError('fetch failed')) });
    await expect(down.getPayment('tr_7UhSN1zuXS')).rejects.toMatchObject({
      status: null,
      message: expect.stringContaining('fetch failed'),
    });
    const { mollie: nolink } = adapter(() => [
      201,
      recorded(createPayment201, (p) => ((p._links as { checkout?: unknown }).checkout = undefined)),
    ]);
    await expect(nolink.createPayment(request)).rejects.toThrow(/no checkout page/);
    // direct debit is not a one-off payment
    const { mollie: dd, seen } = adapter(() => [201, createPayment201]);
    await expect(dd.createPayment({ ...request, method: 'directdebit' })).rejects.toThrow(PaymentProviderError);
    expect(seen).toHaveLength(0);
    // without a key it cannot be used at all
    expect(() => mollieProvider({ apiKey: undefined, baseUrl: API })).toThrow(expect.objectContaining({ unavailable: true }));
    expect(() => mollieProvider({ apiKey: '  ', baseUrl: API })).toThrow(PaymentProviderError);
  });
});

describe('a Mollie payment through the worker', () => {
  const V = 'http://vonkje.localhost';
  const mollieEnv = { ...env, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: KEY, MOLLIE_API_URL: API };
  /** A request to the worker with Mollie as this site's provider (the bindings say `sim`). */
  const viaMollie = async (path: string, init: RequestInit = {}) =>
    worker.fetch(new Request(`${V}${path}`, init), mollieEnv, createExecutionContext());
  const webhook = (id: string) =>
    viaMollie('/hooks/payments/mollie', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }),
    });

  afterEach(() => vi.restoreAllMocks());

  it('start → the webhook posts id=tr_… → fetched back → paid once; a refund later takes its credits back once', async () => {
    const { cookie, body: s } = await signup();
    const memberId = s.user.id;
    const trId = `tr_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
    // what Mollie knows of the payment: moved by the test, as Mollie would move it
    const state = { status: 'open', reference: '', refunded: '0.00', refunds: [] as { id: string; value: string }[] };
    const fake = fakeMollie((r) => {
      if (r.method === 'GET' && r.path === '/v2/methods') return [200, methodsEur];
      if (r.method === 'POST' && r.path === '/v2/payments') {
        state.reference = (r.body as { metadata: { payment_id: string } }).metadata.payment_id;
        return [201, recorded(createPayment201, (p) => ((p.id = trId), (p.metadata.payment_id = state.reference)))];
      }
      if (r.method === 'GET' && r.path === `/v2/payments/${trId}`)
        return [
          200,
          recorded(
            paymentRefunded,
            (p) => (
              (p.id = trId),
              (p.status = state.status),
              (p.metadata.payment_id = state.reference),
              (p.amountRefunded.value = state.refunded)
            ),
          ),
        ];
      if (r.method === 'GET' && r.path === `/v2/payments/${trId}/refunds`)
        return [
          200,
          recorded(refundsPage2, (l) => {
            l._embedded.refunds = state.refunds.map((x) => ({
              ...refundsPage2._embedded.refunds[0]!,
              id: x.id,
              paymentId: trId,
              status: 'pending',
              amount: { currency: 'EUR', value: x.value },
            }));
            l.count = state.refunds.length;
            l._links.next = null;
          }),
        ];
      return [404, error404];
    });
    const realFetch = globalThis.fetch;
    // the worker calls Mollie with the global fetch; only Mollie's host is answered by the fake
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const req = new Request(input, init);
      return new URL(req.url).host === 'api.mollie.test' ? fake.fetch(req) : realFetch(req);
    });

    const res = await viaMollie('/api/payment.php', {
      method: 'POST',
      headers: { ...H, cookie: `sid=${cookie}` },
      body: JSON.stringify({ package: 'p2', method: 'ideal' }),
    });
    expect(res.status).toBe(201);
    const started = (await res.json()) as StartPaymentAnswer;
    expect(started).toMatchObject({
      credits: 250,
      amount: 5995,
      currency: 'EUR',
      method: 'ideal',
      checkout_url: 'https://www.mollie.com/checkout/select-method/7UhSN1zuXS',
    });
    const posted = fake.seen.find((r) => r.method === 'POST')!;
    expect(posted.path).toBe('/v2/payments');
    expect(posted.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(posted.body).toEqual({
      amount: { currency: 'EUR', value: '59.95' },
      description: 'Vonkje: 250 credits',
      redirectUrl: `${V}/credits/p2/ideal?payment=${started.payment_id}`,
      webhookUrl: `${V}/hooks/payments/mollie`,
      method: 'ideal',
      metadata: { payment_id: started.payment_id },
      locale: 'nl_NL',
    });
    const row = await env.DB.prepare('SELECT provider, provider_payment_id, status FROM payments WHERE id = ?')
      .bind(started.payment_id)
      .first();
    expect(row).toEqual({ provider: 'mollie', provider_payment_id: trId, status: 'open' });

    // an early webhook: Mollie says open, nothing changes
    expect((await webhook(trId)).status).toBe(200);
    expect(
      await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', memberId, `payment:${started.payment_id}`),
    ).toBe(0);

    // paid: 10 webhooks at once and the member's return; one grant
    state.status = 'paid';
    const statuses = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(trId).then((r) => r.status)),
      viaMollie(`/api/payment.php?id=${started.payment_id}`, { headers: { cookie: `sid=${cookie}` } }).then((r) => r.status),
    ]);
    expect(statuses.every((st) => st === 200)).toBe(true);
    expect(
      await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', memberId, `payment:${started.payment_id}`),
    ).toBe(1);
    const back = (await (
      await viaMollie(`/api/payment.php?id=${started.payment_id}`, { headers: { cookie: `sid=${cookie}` } })
    ).json()) as PaymentAnswer;
    expect(back.payment).toMatchObject({ status: 'paid', credits: 250 });
    expect(back.user).toMatchObject({ credits: 260, paid_user: true });
    // the webhook body was only an id: every settle fetched the payment back from Mollie
    expect(fake.seen.filter((r) => r.path === `/v2/payments/${trId}`).length).toBeGreaterThanOrEqual(11);
    expect(fake.seen.some((r) => r.path.endsWith('/refunds'))).toBe(false);

    // half refunded in Mollie's dashboard: its webhook (replayed) takes 125 of the 250 credits, once
    state.refunded = '29.98';
    state.refunds = [{ id: 're_4qqhO89gsT', value: '29.98' }];
    expect((await Promise.all(Array.from({ length: 5 }, () => webhook(trId).then((r) => r.status)))).every((st) => st === 200)).toBe(true);
    const ledger = await env.DB.prepare('SELECT delta, balance_after, reason FROM credit_ledger WHERE member_id = ? AND ref = ?')
      .bind(memberId, 'refund:re_4qqhO89gsT')
      .all();
    expect(ledger.results).toEqual([{ delta: -125, balance_after: 135, reason: 'refund' }]);
    const paid = await env.DB.prepare('SELECT status, refunded_amount, charged_back_amount FROM payments WHERE id = ?')
      .bind(started.payment_id)
      .first();
    expect(paid).toEqual({ status: 'paid', refunded_amount: 2998, charged_back_amount: 0 });
    // replays once the totals are known ask Mollie for the payment only
    const before = fake.seen.length;
    await webhook(trId);
    expect(fake.seen.slice(before).map((r) => r.path)).toEqual([`/v2/payments/${trId}`]);
    expect((await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(memberId).first<{ credits: number }>())!.credits).toBe(
      135,
    );
  });
});

describe('Mollie mandates, against recorded requests and responses', () => {
  it('a customer: POST /v2/customers with name, e-mail, locale and our member id; its id back', async () => {
    const { mollie, seen } = adapter(() => [201, createCustomer201]);
    expect(await mollie.createCustomer({ name: 'Sam', email: 'sam@example.org', locale: 'nl', country: 'NL', reference: 'MEMBER' })).toBe(
      'cst_tKt44u85MM',
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/customers', query: {} });
    expect(seen[0]!.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      'idempotency-key': 'customer-MEMBER',
    });
    expect(seen[0]!.body).toEqual({ name: 'Sam', email: 'sam@example.org', locale: 'nl_NL', metadata: { member_id: 'MEMBER' } });
    const { mollie: broken } = adapter(() => [201, recorded(createCustomer201, (c) => ((c as { id: unknown }).id = null))]);
    await expect(broken.createCustomer({ name: 'Sam', email: 'sam@example.org', locale: 'nl', reference: 'MEMBER' })).rejects.toThrow(
      PaymentProviderError,
    );
  });

  it('erasure: DELETE /v2/customers/{id} (204, its mandates go with it); one Mollie no longer knows counts as deleted; failures throw; a foreign id is never sent', async () => {
    const { mollie, seen } = adapter(() => [204, null]);
    await mollie.deleteCustomer('cst_tKt44u85MM');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/v2/customers/cst_tKt44u85MM', body: undefined });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
    const { mollie: gone } = adapter(() => [404, error404]);
    await expect(gone.deleteCustomer('cst_tKt44u85MM')).resolves.toBeUndefined();
    const { mollie: down } = adapter(() => [503, error503]);
    await expect(down.deleteCustomer('cst_tKt44u85MM')).rejects.toThrow(PaymentProviderError);
    const { mollie: never, seen: none } = adapter(() => [204, null]);
    await never.deleteCustomer('../payments');
    expect(none).toHaveLength(0);
  });

  it('a SEPA direct-debit mandate: POST /v2/customers/{id}/mandates with the holder, the IBAN, the signature date and our reference', async () => {
    const { mollie, seen } = adapter(() => [201, createMandate201]);
    const mandate = await mollie.createMandate({
      customerId: 'cst_tKt44u85MM',
      consumerName: 'Sam de Vries',
      consumerAccount: 'NL91ABNA0417164300',
      signatureDate: '2026-03-20',
      reference: 'MD0123456789ABCDEF01234567',
    });
    expect(mandate).toEqual({ id: 'mdt_gDSN2rx3My', customerId: 'cst_tKt44u85MM', method: 'directdebit', status: 'valid', last4: null });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/customers/cst_tKt44u85MM/mandates', query: {} });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'idempotency-key': 'MD0123456789ABCDEF01234567' });
    expect(seen[0]!.body).toEqual({
      method: 'directdebit',
      consumerName: 'Sam de Vries',
      consumerAccount: 'NL91ABNA0417164300',
      signatureDate: '2026-03-20',
      mandateReference: 'MD0123456789ABCDEF01234567',
    });
    // a customer id that is not Mollie's is never put in a path
    await expect(
      mollie.createMandate({
        customerId: '../payments',
        consumerName: 'x',
        consumerAccount: 'NL91ABNA0417164300',
        signatureDate: '2026-03-20',
        reference: 'MD1',
      }),
    ).rejects.toThrow(PaymentProviderError);
    expect(seen).toHaveLength(1);
    // Mollie refusing the IBAN
    const { mollie: refused } = adapter(() => [
      422,
      recorded(error422, (e) => ((e.field = 'consumerAccount'), (e.detail = 'The consumer account is invalid'))),
    ]);
    await expect(
      refused.createMandate({
        customerId: 'cst_tKt44u85MM',
        consumerName: 'x',
        consumerAccount: 'NL91ABNA0417164300',
        signatureDate: '2026-03-20',
        reference: 'MD1',
      }),
    ).rejects.toMatchObject({ status: 422, field: 'consumerAccount' });
  });

  it('a card mandate: GET /v2/customers/{id}/mandates/{id}, the last four digits; unknown is null', async () => {
    let answer: Answer = [200, mandateCard];
    const { mollie, seen } = adapter(() => answer);
    expect(await mollie.getMandate('cst_tKt44u85MM', 'mdt_KmQnsDNkq2')).toEqual({
      id: 'mdt_KmQnsDNkq2',
      customerId: 'cst_tKt44u85MM',
      method: 'creditcard',
      status: 'valid',
      last4: '9267',
    });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/v2/customers/cst_tKt44u85MM/mandates/mdt_KmQnsDNkq2',
      query: {},
      body: undefined,
    });
    answer = [404, error404];
    expect(await mollie.getMandate('cst_tKt44u85MM', 'mdt_KmQnsDNkq2')).toBeNull();
    for (const [cst, mdt] of [
      ['cst_tKt44u85MM', '../x'],
      ['simcst_AAAAAAAAAAAAAAAA', 'mdt_KmQnsDNkq2'],
    ])
      expect(await mollie.getMandate(cst!, mdt!)).toBeNull();
    expect(seen).toHaveLength(2);
    answer = [200, recorded(mandateCard, (m) => (m.method = 'paypal'))];
    await expect(mollie.getMandate('cst_tKt44u85MM', 'mdt_KmQnsDNkq2')).rejects.toThrow(PaymentProviderError);
  });

  it('a recurring payment: POST /v2/payments with sequenceType recurring, the customer and the mandate, no redirect', async () => {
    const { mollie, seen } = adapter(() => [201, createPaymentRecurring201]);
    const created = await mollie.createRecurringPayment({
      amount: 5995,
      currency: 'EUR',
      description: 'Vonkje: 250 credits',
      method: 'directdebit',
      customerId: 'cst_tKt44u85MM',
      mandateId: 'mdt_gDSN2rx3My',
      webhookUrl: 'https://vonkje.nl/hooks/payments/mollie',
      redirectUrl: 'https://vonkje.nl/credits/p2/directdebit?payment=REFERENCE',
      reference: 'REFERENCE',
    });
    expect(created).toEqual({ id: 'tr_DjH8FpPNj7', status: 'pending' });
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v2/payments' });
    expect(seen[0]!.headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'idempotency-key': 'REFERENCE' });
    expect(seen[0]!.body).toEqual({
      amount: { currency: 'EUR', value: '59.95' },
      description: 'Vonkje: 250 credits',
      webhookUrl: 'https://vonkje.nl/hooks/payments/mollie',
      method: 'directdebit',
      sequenceType: 'recurring',
      customerId: 'cst_tKt44u85MM',
      mandateId: 'mdt_gDSN2rx3My',
      metadata: { payment_id: 'REFERENCE' },
    });
  });

  it('a card payment for a customer is the first of a sequence; once paid Mollie reports the customer and the mandate', async () => {
    const { mollie, seen } = adapter((r) => (r.method === 'POST' ? [201, createPayment201] : [200, paymentFirstPaid]));
    await mollie.createPayment({ ...request, method: 'creditcard', customerId: 'cst_tKt44u85MM', sequenceType: 'first' });
    expect(seen[0]!.body).toMatchObject({ method: 'creditcard', customerId: 'cst_tKt44u85MM', sequenceType: 'first' });
    // without a customer, the body is as before
    await mollie.createPayment(request);
    expect(seen[1]!.body).not.toHaveProperty('customerId');
    expect(seen[1]!.body).not.toHaveProperty('sequenceType');
    expect(await mollie.getPayment('tr_NQCRf7VtKP')).toMatchObject({
      status: 'paid',
      customerId: 'cst_tKt44u85MM',
      mandateId: 'mdt_KmQnsDNkq2',
    });
  });
});

describe('direct debit, card mandates and repeat orders through the worker with Mollie', () => {
  const V = 'http://vonkje.localhost';
  const mollieEnv = { ...env, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: KEY, MOLLIE_API_URL: API };
  const viaMollie = async (path: string, init: RequestInit = {}) =>
    worker.fetch(new Request(`${V}${path}`, init), mollieEnv, createExecutionContext());
  const postAs = (cookie: string, path: string, body: unknown) =>
    viaMollie(path, { method: 'POST', headers: { ...H, cookie: `sid=${cookie}` }, body: JSON.stringify(body) });
  const webhook = (id: string) =>
    viaMollie('/hooks/payments/mollie', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }),
    });
  const credits = async (id: number) =>
    (await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(id).first<{ credits: number }>())!.credits;
  const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

  afterEach(() => vi.restoreAllMocks());

  /** A fake Mollie with state: customers, mandates and payments as the worker makes them; the test moves their statuses. */
  function statefulMollie() {
    const customerId = `cst_${uid()}`;
    const payments = new Map<string, { body: Record<string, unknown>; status: string; chargedBack: string; chargebacks: string[] }>();
    const mandates = new Map<string, 'directdebit' | 'creditcard'>();
    const fake = fakeMollie((r) => {
      if (r.method === 'GET' && r.path === '/v2/methods') return [200, methodsEur];
      if (r.method === 'POST' && r.path === '/v2/customers') return [201, recorded(createCustomer201, (c) => (c.id = customerId))];
      if (r.method === 'POST' && r.path === `/v2/customers/${customerId}/mandates`) {
        const id = `mdt_${uid()}`;
        mandates.set(id, 'directdebit');
        return [201, recorded(createMandate201, (m) => ((m.id = id), (m.customerId = customerId)))];
      }
      const mandateMatch = /^\/v2\/customers\/(cst_\w+)\/mandates\/(mdt_\w+)$/.exec(r.path);
      if (r.method === 'GET' && mandateMatch && mandates.has(mandateMatch[2]!))
        return [200, recorded(mandateCard, (m) => ((m.id = mandateMatch[2]!), (m.customerId = customerId)))];
      if (r.method === 'POST' && r.path === '/v2/payments') {
        const body = r.body as Record<string, unknown>;
        const id = `tr_${uid()}`;
        const recurring = body['sequenceType'] === 'recurring';
        // a card charged with its mandate is paid at once; a direct debit is pending while the bank collects it
        const status = recurring ? (body['method'] === 'creditcard' ? 'paid' : 'pending') : 'open';
        payments.set(id, { body, status, chargedBack: '0.00', chargebacks: [] });
        const base = recurring ? createPaymentRecurring201 : createPayment201;
        return [
          201,
          recorded(base, (p) =>
            Object.assign(p, {
              id,
              status,
              amount: body['amount'],
              method: body['method'],
              metadata: body['metadata'],
              customerId: body['customerId'] ?? null,
              mandateId: body['mandateId'] ?? null,
            }),
          ),
        ];
      }
      const paymentMatch = /^\/v2\/payments\/(tr_\w+)(\/chargebacks)?$/.exec(r.path);
      const payment = paymentMatch ? payments.get(paymentMatch[1]!) : undefined;
      if (r.method === 'GET' && payment && !paymentMatch![2]) {
        let mandateId = payment.body['mandateId'] ?? null;
        // a paid first card payment made a mandate
        if (payment.body['sequenceType'] === 'first' && payment.status === 'paid') {
          mandateId = `mdt_${paymentMatch![1]!.slice(3)}`;
          mandates.set(mandateId as string, 'creditcard');
        }
        return [
          200,
          recorded(paymentFirstPaid, (p) =>
            Object.assign(p, {
              id: paymentMatch![1],
              status: payment.status,
              amount: payment.body['amount'],
              method: payment.body['method'],
              metadata: payment.body['metadata'],
              sequenceType: payment.body['sequenceType'] ?? 'oneoff',
              customerId: payment.body['customerId'] ?? null,
              mandateId,
              amountChargedBack: { value: payment.chargedBack, currency: 'EUR' },
            }),
          ),
        ];
      }
      if (r.method === 'GET' && payment && paymentMatch![2])
        return [
          200,
          recorded(
            chargebacksList,
            (l) => (
              (l._embedded.chargebacks = payment.chargebacks.map((id) => ({
                ...chargebacksList._embedded.chargebacks[0]!,
                id,
                amount: { value: payment.chargedBack, currency: 'EUR' },
              }))),
              (l.count = payment.chargebacks.length)
            ),
          ),
        ];
      return [404, error404];
    });
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const req = new Request(input, init);
      return new URL(req.url).host === 'api.mollie.test' ? fake.fetch(req) : realFetch(req);
    });
    return { fake, payments, customerId };
  }

  it('direct debit: customer, mandate and a recurring payment; paid grants once; the returned debit (a chargeback) takes it back', async () => {
    const { cookie, body: s } = await signup();
    const mollie = statefulMollie();
    const iban = 'BE68539007547034';
    const req = await postAs(cookie, '/api/directdebit.php', {
      package: 'p2',
      account_holder: 'Sam de Vries',
      iban,
      street: 'Damrak',
      house_number: '1',
      zip: '1012 LG',
      city: 'Amsterdam',
      phone: '0612345670',
    });
    expect(req.status).toBe(201);
    const answer = (await req.json()) as DirectDebitAnswer;
    const sms = await env.DB.prepare('SELECT text FROM sms_outbox WHERE member_id = ? ORDER BY id DESC')
      .bind(s.user.id)
      .first<{ text: string }>();
    const code = /(\d{6})/.exec(sms!.text)![1];
    // nothing reached Mollie before the code
    expect(mollie.fake.seen.filter((r) => r.method === 'POST')).toEqual([]);
    const res = await postAs(cookie, '/api/directdebit-confirm.php', { request_id: answer.request_id, otp: code });
    expect(res.status).toBe(201);
    const confirmed = (await res.json()) as DirectDebitConfirmAnswer;
    const posts = mollie.fake.seen.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/v2/customers', `/v2/customers/${mollie.customerId}/mandates`, '/v2/payments']);
    expect(posts[1]!.body).toEqual({
      method: 'directdebit',
      consumerName: 'Sam de Vries',
      consumerAccount: iban,
      signatureDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      mandateReference: expect.stringMatching(/^MD[0-9A-F]{24}$/),
    });
    const mandate = await env.DB.prepare(
      'SELECT id, provider, provider_customer_id, provider_mandate_id, method, label FROM mandates WHERE member_id = ?',
    )
      .bind(s.user.id)
      .first<Record<string, string>>();
    expect(mandate).toMatchObject({
      provider: 'mollie',
      provider_customer_id: mollie.customerId,
      method: 'directdebit',
      label: 'BE** **** **** 7034',
    });
    expect(posts[1]!.headers['idempotency-key']).toBe(mandate!.id);
    expect(posts[2]!.body).toEqual({
      amount: { currency: 'EUR', value: '59.95' },
      description: 'Vonkje: 250 credits',
      webhookUrl: `${V}/hooks/payments/mollie`,
      method: 'directdebit',
      sequenceType: 'recurring',
      customerId: mollie.customerId,
      mandateId: mandate!.provider_mandate_id,
      metadata: { payment_id: confirmed.payment_id },
    });
    const row = await env.DB.prepare('SELECT provider, provider_payment_id, status, method FROM payments WHERE id = ?')
      .bind(confirmed.payment_id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ provider: 'mollie', status: 'pending', method: 'directdebit' });
    const trId = row!.provider_payment_id!;

    mollie.payments.get(trId)!.status = 'paid';
    await Promise.all([webhook(trId), webhook(trId)]);
    expect(
      await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', s.user.id, `payment:${confirmed.payment_id}`),
    ).toBe(1);
    expect(await credits(s.user.id)).toBe(260);
    // the bank returns the debit: Mollie shows it as a chargeback of the paid payment
    mollie.payments.get(trId)!.chargedBack = '59.95';
    mollie.payments.get(trId)!.chargebacks = [`chb_${uid()}`];
    await Promise.all([webhook(trId), webhook(trId)]);
    expect(await credits(s.user.id)).toBe(10);
    const paid = await env.DB.prepare('SELECT status, charged_back_amount FROM payments WHERE id = ?').bind(confirmed.payment_id).first();
    expect(paid).toEqual({ status: 'paid', charged_back_amount: 5995 });
  });

  it('a card payment starts as `first` for the customer; paid, its mandate is read and saved; a repeat order is charged with it', async () => {
    const { cookie, body: s } = await signup();
    const mollie = statefulMollie();
    const res = await postAs(cookie, '/api/payment.php', { package: 'p2', method: 'creditcard' });
    expect(res.status).toBe(201);
    const started = (await res.json()) as StartPaymentAnswer;
    const created = mollie.fake.seen.filter((r) => r.method === 'POST');
    expect(created.map((r) => r.path)).toEqual(['/v2/customers', '/v2/payments']);
    expect(created[1]!.body).toMatchObject({
      method: 'creditcard',
      customerId: mollie.customerId,
      sequenceType: 'first',
      redirectUrl: `${V}/credits/p2/creditcard?payment=${started.payment_id}`,
    });
    const trId = (await env.DB.prepare('SELECT provider_payment_id FROM payments WHERE id = ?')
      .bind(started.payment_id)
      .first<{ provider_payment_id: string }>())!.provider_payment_id;
    mollie.payments.get(trId)!.status = 'paid';
    await Promise.all([webhook(trId), webhook(trId), webhook(trId)]);
    const saved = (
      await env.DB.prepare('SELECT provider_mandate_id, method, label FROM mandates WHERE member_id = ?').bind(s.user.id).all()
    ).results;
    expect(saved).toEqual([{ provider_mandate_id: `mdt_${trId.slice(3)}`, method: 'creditcard', label: '•••• 9267' }]);
    expect(mollie.fake.seen.some((r) => r.path === `/v2/customers/${mollie.customerId}/mandates/mdt_${trId.slice(3)}`)).toBe(true);

    const shown = (await (await viaMollie('/api/repeat-order.php', { headers: { cookie: `sid=${cookie}` } })).json()) as RepeatOrderAnswer;
    expect(shown).toMatchObject({ mandate: { method: 'creditcard', label: '•••• 9267' }, last_package: 'p2' });
    const again = await postAs(cookie, '/api/repeat-order.php', { package: 'p0' });
    expect(again.status).toBe(201);
    const order = (await again.json()) as RepeatOrderStartAnswer;
    const recurring = mollie.fake.seen.filter((r) => r.method === 'POST' && r.path === '/v2/payments').at(-1)!;
    expect(recurring.body).toEqual({
      amount: { currency: 'EUR', value: '14.95' },
      description: 'Vonkje: 50 credits',
      webhookUrl: `${V}/hooks/payments/mollie`,
      method: 'creditcard',
      sequenceType: 'recurring',
      customerId: mollie.customerId,
      mandateId: `mdt_${trId.slice(3)}`,
      metadata: { payment_id: order.payment_id },
    });
    // Mollie charged the card at once: settled before the answer, with the status fetched back
    const row = await env.DB.prepare('SELECT status FROM payments WHERE id = ?').bind(order.payment_id).first();
    expect(row).toEqual({ status: 'paid' });
    expect(await credits(s.user.id)).toBe(310);
    expect(await count('SELECT count(*) n FROM payment_customers WHERE member_id = ?', s.user.id)).toBe(1);
  });
});

describe("erasure at Mollie (the member's customer and with it its mandates)", () => {
  const V = 'http://vonkje.localhost';
  const mollieEnv = { ...env, MOLLIE_API_KEY: KEY, MOLLIE_API_URL: API };
  afterEach(() => {
    vi.restoreAllMocks();
    clock.setNow(null);
  });
  /** The 5-minute cron, as Cloudflare runs it, with Mollie configured. */
  async function every5() {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/5 * * * *', scheduledTime: clock.now().getTime() }), mollieEnv, ctx);
    await waitOnExecutionContext(ctx);
  }
  const erasures = (customers: string[]) =>
    env.DB.prepare(
      `SELECT customer_id, attempts, next_at, done_at, error FROM provider_erasures WHERE customer_id IN (${customers.map(() => '?').join(', ')}) ORDER BY customer_id`,
    )
      .bind(...customers)
      .all<{ customer_id: string; attempts: number; next_at: string; done_at: string | null; error: string | null }>()
      .then((r) => r.results);

  it('the erasure writes the customers down; the job deletes them at Mollie (DELETE /v2/customers/{id}), tried again with backoff until Mollie confirms; the payments stay', async () => {
    const t0 = new Date(Date.parse('2032-03-01T10:00:00.000Z'));
    clock.setNow(t0);
    const { cookie, body: s } = await signup();
    const id = s.user.id;
    const rand = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);
    // the saved customer, and a customer only a mandate names (both are deleted)
    const [saved, viaMandate] = [`cst_${rand()}`, `cst_${rand()}`].sort() as [string, string];
    const at = t0.toISOString();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO payment_customers (member_id, provider, customer_id, created_at) VALUES (?, 'mollie', ?, ?)").bind(
        id,
        saved,
        at,
      ),
      env.DB.prepare(
        "INSERT INTO mandates (id, member_id, provider, provider_customer_id, provider_mandate_id, method, label, status, created_at) VALUES (?, ?, 'mollie', ?, ?, 'directdebit', 'NL** **** **** 1234', 'valid', ?)",
      ).bind(`MD${rand().toUpperCase()}`, id, viaMandate, `mdt_${rand()}`, at),
      env.DB.prepare(
        "INSERT INTO payments (id, member_id, company_id, site, country, package, credits, amount, currency, method, provider, provider_payment_id, status, created_at, updated_at, paid_at) VALUES (?, ?, 1, 'vonkje', 'NL', 'p2', 250, 5995, 'EUR', 'directdebit', 'mollie', ?, 'paid', ?, ?, ?)",
      ).bind(`pay${rand()}`, id, `tr_${rand()}`, at, at, at),
    ]);
    expect((await post(`${V}/api/delete-account.php`, { reason: 'privacy' }, cookie)).status).toBe(200);
    await env.DB.prepare('UPDATE members SET deleted_at = ? WHERE id = ?')
      .bind(new Date(t0.getTime() - 15 * 86_400_000).toISOString(), id)
      .run();

    // Mollie is down at first; then it deletes the saved customer (204) and no longer knows the other (404: gone already)
    let down = true;
    const fake = fakeMollie((r) => {
      if (r.method !== 'DELETE') return [500, error503];
      if (down) return [503, error503];
      return r.path.endsWith(viaMandate)
        ? [404, recorded(error404, (e) => (e.detail = `No customer exists with token ${viaMandate}.`))]
        : [204, null];
    });
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const req = new Request(input, init);
      return new URL(req.url).host === 'api.mollie.test' ? fake.fetch(req) : realFetch(req);
    });
    // the erasure itself asks no provider: it writes the customers down with the member's other data
    expect(await purgeDeletedAccounts({ db: getDb(env.DB), env: mollieEnv, now: t0, features })).toBeGreaterThanOrEqual(1);
    expect(fake.seen).toHaveLength(0);
    expect(await count('SELECT count(*) n FROM payment_customers WHERE member_id = ?', id)).toBe(0);
    expect(await erasures([saved, viaMandate])).toEqual(
      [saved, viaMandate].map((c) => ({ customer_id: c, attempts: 0, next_at: at, done_at: null, error: null })),
    );

    await every5();
    expect(fake.seen.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      `DELETE /v2/customers/${saved}`,
      `DELETE /v2/customers/${viaMandate}`,
    ]);
    for (const r of fake.seen) {
      expect(r.headers).toMatchObject({ authorization: `Bearer ${KEY}` });
      expect(r.body).toBeUndefined();
    }
    const retryAt = new Date(t0.getTime() + 5 * 60_000).toISOString();
    expect(await erasures([saved, viaMandate])).toEqual(
      [saved, viaMandate].map((c) => ({
        customer_id: c,
        attempts: 1,
        next_at: retryAt,
        done_at: null,
        error: expect.stringContaining('503 Service Unavailable'),
      })),
    );
    // the API key is in no error
    expect(JSON.stringify(await erasures([saved, viaMandate]))).not.toContain(KEY);

    // before the backoff has passed nothing is asked
    clock.setNow(new Date(t0.getTime() + 4 * 60_000));
    await every5();
    expect(fake.seen).toHaveLength(2);
    // after it Mollie answers: both are done (the 404 too: the customer is gone)
    down = false;
    const t1 = new Date(t0.getTime() + 5 * 60_000);
    clock.setNow(t1);
    await every5();
    expect(fake.seen).toHaveLength(4);
    expect(await erasures([saved, viaMandate])).toEqual(
      [saved, viaMandate].map((c) => ({
        customer_id: c,
        attempts: 2,
        next_at: expect.any(String),
        done_at: t1.toISOString(),
        error: null,
      })),
    );
    // done is done: never asked again, however often the cron runs
    clock.setNow(new Date(t0.getTime() + 86_400_000));
    await every5();
    expect(fake.seen).toHaveLength(4);
    // the payment is kept (the law asks it), the mandate revoked here too
    expect(await count("SELECT count(*) n FROM payments WHERE member_id = ? AND status = 'paid'", id)).toBe(1);
    expect(await count("SELECT count(*) n FROM mandates WHERE member_id = ? AND status = 'revoked' AND label = ''", id)).toBe(1);
  });

  it('a failing erasure backs off (5 min, 15, 45, ... at most a day) and never gives up; a second erasure of the same customer is written once', async () => {
    const { erasureBackoffMs } = await import('../../worker/features/payments/provider-erasures');
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => erasureBackoffMs(n) / 60_000)).toEqual([5, 15, 45, 135, 405, 1215, 1440]);
    const db = getDb(env.DB);
    const { erasureRows } = await import('../../worker/features/payments/provider-erasures');
    const { body: s } = await signup();
    const customer = `cst_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
    await env.DB.prepare("INSERT INTO payment_customers (member_id, provider, customer_id, created_at) VALUES (?, 'mollie', ?, ?)")
      .bind(s.user.id, customer, new Date().toISOString())
      .run();
    await db.batch([erasureRows(db, s.user.id, new Date()), erasureRows(db, s.user.id, new Date())]);
    expect(await count('SELECT count(*) n FROM provider_erasures WHERE customer_id = ?', customer)).toBe(1);
  });
});
