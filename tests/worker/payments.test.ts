import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type {
  IssuersAnswer,
  PackagesAnswer,
  PaymentAnswer,
  StartPaymentAnswer,
  TransactionAnswer,
  TransactionsAnswer,
} from '../../worker/contracts/payments';
import { spend } from '../../worker/domain/credits';
import { getDb } from '../../worker/lib/db';
import worker from '../../worker/index';
import { activeMember, count, get, H, post, signup } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
const ENG = 'http://she-eng.localhost';
const DE = 'http://she-de.localhost';
const db = getDb(env.DB);

type Err = { error: string; message: string; issues?: unknown[] };
const read = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as T });

const member = async (id: number) =>
  (await env.DB.prepare('SELECT credits, paid_user FROM members WHERE id = ?').bind(id).first<{ credits: number; paid_user: number }>())!;
const paymentRow = async (id: string) =>
  (await env.DB.prepare('SELECT * FROM payments WHERE id = ?').bind(id).first<{
    status: string;
    paid_at: string | null;
    amount: number;
    credits: number;
    country: string;
    provider: string;
    provider_payment_id: string;
    made_premium: number;
    issuer: string | null;
  }>())!;
const grants = (memberId: number, paymentId: string) =>
  count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', memberId, `payment:${paymentId}`);
const setCountry = (id: number, country: string) => env.DB.prepare('UPDATE members SET country = ? WHERE id = ?').bind(country, id).run();

async function start(cookie: string | undefined, body: unknown, origin = V) {
  return post(`${origin}/api/payment.php`, body, cookie);
}
async function started(cookie: string, body: Record<string, unknown> = { package: 'p2', method: 'ideal' }, origin = V) {
  const res = await start(cookie, body, origin);
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StartPaymentAnswer;
}
/** A button on the sim's checkout page, as the browser posts it. */
const press = (checkoutUrl: string, action: string) =>
  call(checkoutUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action }) });
const providerId = async (paymentId: string) => (await paymentRow(paymentId)).provider_payment_id;
const webhook = (providerPaymentId: string, origin = V, provider = 'sim') =>
  call(`${origin}/hooks/payments/${provider}`, { method: 'POST', body: new URLSearchParams({ id: providerPaymentId }) });
const paymentAnswer = async (cookie: string, id: string, origin = V) =>
  read<PaymentAnswer>(await get(`${origin}/api/payment.php?id=${id}`, cookie));

describe('GET /api/packages.php', () => {
  it('a visitor in the Netherlands: euros, four tiers, p2 popular, prices per message, iDEAL with banks', async () => {
    const { status, body } = await read<PackagesAnswer>(await call(`${V}/api/packages.php`, { country: 'NL' }));
    expect(status).toBe(200);
    expect(body.country).toBe('NL');
    expect(body.currency).toBe('EUR');
    expect(body.packages.map((p) => [p.id, p.credits, p.price, p.discount, p.popular, p.price_per_message])).toEqual([
      ['p0', 50, 1495, null, false, 60],
      ['p1', 120, 2995, null, false, 50],
      ['p2', 250, 5995, 20, true, 48],
      ['p3', 500, 11250, 25, false, 45],
    ]);
    expect(body.packages.every((p) => p.currency === 'EUR')).toBe(true);
    expect(body.methods).toEqual([
      { id: 'ideal', issuers: true },
      { id: 'creditcard', issuers: false },
      { id: 'paypal', issuers: false },
      { id: 'directdebit', issuers: false },
    ]);
    // the cheapest message is the minimum the settings state
    const settings = (await (await call(`${V}/api/settings.php`, { country: 'NL' })).json()) as {
      minimum_message_costs: Record<string, { costs: number }>;
    };
    expect(Math.min(...body.packages.map((p) => p.price_per_message))).toBe(settings.minimum_message_costs.NL!.costs);
    expect(settings).not.toHaveProperty('packages');
    // which provider a company uses is configuration, not company info
    expect(await (await call(`${V}/api/companyinfo.php`)).json()).not.toHaveProperty('payment_provider');
  });

  it('a visitor outside the euro: the country currency, card and PayPal only; an unsold country gets the site default', async () => {
    const gb = await read<PackagesAnswer>(await call(`${ENG}/api/packages.php`, { country: 'GB' }));
    expect(gb.body).toMatchObject({ country: 'GB', currency: 'GBP' });
    expect(gb.body.packages.map((p) => p.price)).toEqual([1295, 2595, 5195, 9750]);
    expect(gb.body.methods).toEqual([
      { id: 'creditcard', issuers: false },
      { id: 'paypal', issuers: false },
    ]);
    const au = await read<PackagesAnswer>(await call(`${ENG}/api/packages.php`, { country: 'AU' }));
    expect(au.body).toMatchObject({ country: 'AU', currency: 'AUD' });
    expect(au.body.packages[3]!.price_per_message).toBe(75);
    const ie = await read<PackagesAnswer>(await call(`${ENG}/api/packages.php`, { country: 'IE' }));
    expect(ie.body.currency).toBe('EUR');
    expect(ie.body.methods.map((m) => m.id)).toEqual(['ideal', 'creditcard', 'paypal', 'directdebit']);
    const fr = await read<PackagesAnswer>(await call(`${ENG}/api/packages.php`, { country: 'FR' }));
    expect(fr.body).toMatchObject({ country: 'GB', currency: 'GBP' });
    const ch = await read<PackagesAnswer>(await call(`${DE}/api/packages.php`, { country: 'CH' }));
    expect(ch.body).toMatchObject({ country: 'CH', currency: 'CHF' });
  });

  it("a member: the profile country when the site sells there, whatever the connection's country", async () => {
    const be = await signup();
    await setCountry(be.body.user.id, 'BE');
    expect(
      (await read<PackagesAnswer>(await call(`${V}/api/packages.php`, { country: 'NL', headers: { cookie: `sid=${be.cookie}` } }))).body
        .country,
    ).toBe('BE');
    const au = await signup('she-eng.localhost');
    await setCountry(au.body.user.id, 'AU');
    const answer = await read<PackagesAnswer>(
      await call(`${ENG}/api/packages.php`, { country: 'GB', headers: { cookie: `sid=${au.cookie}` } }),
    );
    expect(answer.body).toMatchObject({ country: 'AU', currency: 'AUD' });
    // a profile country the site does not sell in: the visitor's rule
    await setCountry(au.body.user.id, 'DE');
    expect(
      (await read<PackagesAnswer>(await call(`${ENG}/api/packages.php`, { country: 'NZ', headers: { cookie: `sid=${au.cookie}` } }))).body
        .country,
    ).toBe('NZ');
  });
});

describe('GET /api/issuers.php', () => {
  it('lists the banks the provider lists, to members only', async () => {
    const { cookie } = await signup();
    const ideal = await read<IssuersAnswer>(await get(`${V}/api/issuers.php?method=ideal`, cookie));
    expect(ideal.status).toBe(200);
    expect(ideal.body.issuers).toContainEqual({ id: 'ideal_INGBNL2A', name: 'ING', image: '/dev/psp/issuers/ideal_INGBNL2A.svg' });
    // every bank's logo is served locally (no test or local page asks the internet), as an SVG image
    for (const bank of ideal.body.issuers) {
      const logo = await get(`${V}${bank.image}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      expect(await logo.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect((await get(`${V}/dev/psp/issuers/ideal_NOSUCHNL2A.svg`)).status).toBe(404);
    expect((await read<IssuersAnswer>(await get(`${V}/api/issuers.php?method=creditcard`, cookie))).body.issuers).toEqual([]);
    const bad = await read<Err>(await get(`${V}/api/issuers.php?method=bitcoin`, cookie));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'invalid_request', message: expect.any(String) });
    const visitor = await read<Err>(await get(`${V}/api/issuers.php?method=ideal`));
    expect(visitor).toMatchObject({ status: 403, body: { error: 'authentication_required' } });
  });
});

describe('POST /api/payment.php', () => {
  it('starts a payment priced from the package of the buyer country, row written before the provider, checkout at the sim', async () => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie, { package: 'p2', method: 'ideal', issuer: 'ideal_RABONL2U' });
    expect(answer).toMatchObject({ credits: 250, method: 'ideal', amount: 5995, currency: 'EUR' });
    expect(answer.payment_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(answer.checkout_url).toMatch(/^http:\/\/vonkje\.localhost\/dev\/psp\/sim_[A-Za-z0-9_-]{16}$/);
    const row = await paymentRow(answer.payment_id);
    expect(row).toMatchObject({
      status: 'open',
      amount: 5995,
      credits: 250,
      country: 'NL',
      provider: 'sim',
      issuer: 'ideal_RABONL2U',
      paid_at: null,
    });
    expect(answer.checkout_url.endsWith(row.provider_payment_id)).toBe(true);
    const sim = await env.DB.prepare('SELECT * FROM dev_psp_payments WHERE id = ?')
      .bind(row.provider_payment_id)
      .first<Record<string, unknown>>();
    expect(sim).toMatchObject({
      amount: 5995,
      currency: 'EUR',
      reference: answer.payment_id,
      redirect_url: `${V}/credits/p2/ideal?payment=${answer.payment_id}`,
      webhook_url: `${V}/hooks/payments/sim`,
    });
    // nothing is granted by starting
    expect((await member(s.user.id)).credits).toBe(10);
    // the hosted checkout page shows the money, the method and the bank
    const page = await call(answer.checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('€59.95');
    expect(html).toContain('<option value="ideal_RABONL2U" selected>Rabobank</option>');
    for (const button of ['Pay', 'Fail', 'Cancel', 'Expire', 'Leave pending']) expect(html).toContain(`>${button}</button>`);
  });

  it('prices in the member country: a member in Australia pays Australian dollars by card', async () => {
    const m = await signup('she-eng.localhost');
    await setCountry(m.body.user.id, 'AU');
    const answer = await started(m.cookie, { package: 'p0', method: 'creditcard' }, ENG);
    expect(answer).toMatchObject({ amount: 2495, currency: 'AUD', credits: 50 });
    expect((await paymentRow(answer.payment_id)).country).toBe('AU');
  });

  it('refuses tampering and bad inputs with {error, message}, writing nothing', async () => {
    const { cookie, body: s } = await signup();
    const cases: [unknown, number, string][] = [
      [{ package: 'p2', method: 'ideal', amount: 1 }, 400, 'invalid_request'],
      [{ package: 'p2', method: 'ideal', credits: 100000 }, 400, 'invalid_request'],
      [{ package: 'p2', method: 'ideal', currency: 'USD' }, 400, 'invalid_request'],
      [{ package: 'p9', method: 'ideal' }, 404, 'package_not_found'],
      [{ package: 'p9', method: 'ideal', amount: 1 }, 400, 'invalid_request'],
      [{ method: 'ideal' }, 404, 'package_not_found'],
      [{ package: 'p1', method: 'bitcoin' }, 400, 'method_unavailable'],
      [{ package: 'p1', method: 'directdebit' }, 400, 'method_unavailable'],
      [{ package: 'p1', method: 'ideal', issuer: 'ideal_NOSUCHBANK' }, 400, 'invalid_request'],
      [{ package: 'p1', method: 'ideal', issuer: '<script>' }, 400, 'invalid_request'],
      [{ package: 'p1', method: 'creditcard', issuer: 'ideal_INGBNL2A' }, 400, 'invalid_request'],
      [{ package: 'p1', method: 'ideal', discount_code: 'WELCOME25' }, 404, 'code_not_found'],
      [[{ package: 'p1', method: 'ideal' }], 400, 'invalid_request'],
      ['not json', 400, 'invalid_request'],
    ];
    for (const [body, status, error] of cases) {
      const res = await read<Err>(await start(cookie, body));
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.message).not.toBe(error);
    }
    expect((await read<Err>(await start(cookie, { package: 'p9', method: 'ideal' }))).body.message).toBe('Dit pakket bestaat niet.');
    expect((await read<Err>(await start(cookie, { package: 'p1', method: 'directdebit' }))).body.message).toBe(
      'Deze betaalmethode is hier niet beschikbaar.',
    );
    // iDEAL is for euros: not in Great Britain
    const gb = await signup('she-eng.localhost');
    await setCountry(gb.body.user.id, 'GB');
    expect((await read<Err>(await start(gb.cookie, { package: 'p1', method: 'ideal' }, ENG))).body.error).toBe('method_unavailable');
    // a visitor, and a call without the client header
    expect((await read<Err>(await start(undefined, { package: 'p1', method: 'ideal' }))).body.error).toBe('authentication_required');
    const unguarded = await call(`${V}/api/payment.php`, {
      method: 'POST',
      body: JSON.stringify({ package: 'p1', method: 'ideal' }),
      headers: { 'content-type': 'application/json', cookie: `sid=${cookie}` },
    });
    expect(unguarded.status).toBe(403);
    expect(await count('SELECT count(*) n FROM payments WHERE member_id IN (?, ?)', s.user.id, gb.body.user.id)).toBe(0);
    expect(
      await count(
        'SELECT count(*) n FROM rate_limits WHERE key IN (?, ?)',
        `payment-start:${s.user.id}`,
        `payment-start:${gb.body.user.id}`,
      ),
    ).toBe(0);
    expect((await member(s.user.id)).credits).toBe(10);
  });

  it('a provider failing the start: the row is failed and 502 payment_provider_error', async () => {
    const { cookie, body: s } = await signup();
    const res = await read<Err>(await start(cookie, { package: 'p1', method: 'ideal', issuer: 'ideal_SIMFAIL1' }));
    expect(res).toMatchObject({
      status: 502,
      body: { error: 'payment_provider_error', message: expect.stringContaining('De betaling kon niet worden gestart') },
    });
    const rows = await env.DB.prepare('SELECT status, provider_payment_id p FROM payments WHERE member_id = ?').bind(s.user.id).all();
    expect(rows.results).toEqual([{ status: 'failed', p: null }]);
  });
});

describe('the sim checkout, the webhook and the return redirect', () => {
  it('paid: credits granted once with a ledger row, premium, and the return answers paid with the user', async () => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie);
    const res = await press(answer.checkout_url, 'paid');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${V}/credits/p2/ideal?payment=${answer.payment_id}`);
    const row = await paymentRow(answer.payment_id);
    expect(row.status).toBe('paid');
    expect(row.paid_at).toEqual(expect.any(String));
    expect(await member(s.user.id)).toEqual({ credits: 260, paid_user: 1 });
    const ledger = await env.DB.prepare('SELECT delta, balance_after, reason, ref FROM credit_ledger WHERE member_id = ? ORDER BY id DESC')
      .bind(s.user.id)
      .all();
    expect(ledger.results[0]).toEqual({ delta: 250, balance_after: 260, reason: 'purchase', ref: `payment:${answer.payment_id}` });
    const back = await paymentAnswer(cookie, answer.payment_id);
    expect(back.status).toBe(200);
    expect(back.body.payment).toMatchObject({
      payment_id: answer.payment_id,
      status: 'paid',
      package: 'p2',
      credits: 250,
      amount: 5995,
      currency: 'EUR',
      method: 'ideal',
      made_premium: true,
    });
    expect(back.body.user).toMatchObject({ id: s.user.id, credits: 260, paid_user: true });
    // replays change nothing
    for (let i = 0; i < 3; i++) expect((await webhook(row.provider_payment_id)).status).toBe(200);
    expect(await grants(s.user.id, answer.payment_id)).toBe(1);
    expect((await member(s.user.id)).credits).toBe(260);
  });

  it('10 replayed webhooks racing the return redirect give exactly one grant', async () => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie);
    const pid = await providerId(answer.payment_id);
    // the provider has the money; its webhooks and the member's return arrive together
    await env.DB.prepare("UPDATE dev_psp_payments SET status = 'paid' WHERE id = ?").bind(pid).run();
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(pid).then((r) => r.status)),
      paymentAnswer(cookie, answer.payment_id).then((r) => r.status),
      paymentAnswer(cookie, answer.payment_id).then((r) => r.status),
    ]);
    expect(results.every((status) => status === 200)).toBe(true);
    expect(await grants(s.user.id, answer.payment_id)).toBe(1);
    expect(await member(s.user.id)).toEqual({ credits: 260, paid_user: 1 });
    expect((await paymentRow(answer.payment_id)).status).toBe('paid');
    expect((await paymentAnswer(cookie, answer.payment_id)).body.payment.made_premium).toBe(true);
  });

  it.each(['failed', 'canceled', 'expired'])('%s: no credits, not premium, the status answered', async (action) => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie, { package: 'p1', method: 'creditcard' });
    expect((await press(answer.checkout_url, action)).status).toBe(303);
    expect((await paymentRow(answer.payment_id)).status).toBe(action);
    const back = await paymentAnswer(cookie, answer.payment_id);
    expect(back.body.payment).toMatchObject({ status: action, paid_at: null, made_premium: false });
    expect(back.body.user).toMatchObject({ credits: 10, paid_user: false });
    expect(await member(s.user.id)).toEqual({ credits: 10, paid_user: 0 });
    expect(await grants(s.user.id, answer.payment_id)).toBe(0);
  });

  it('pending, then paid later: the return redirect settles it once the provider has the money', async () => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie, { package: 'p0', method: 'paypal' });
    await press(answer.checkout_url, 'pending');
    expect((await paymentAnswer(cookie, answer.payment_id)).body.payment.status).toBe('pending');
    expect((await member(s.user.id)).credits).toBe(10);
    // the provider decides; its webhook is lost, the member's next poll asks the provider
    await env.DB.prepare("UPDATE dev_psp_payments SET status = 'paid' WHERE id = ?")
      .bind(await providerId(answer.payment_id))
      .run();
    const back = await paymentAnswer(cookie, answer.payment_id);
    expect(back.body.payment.status).toBe('paid');
    expect(back.body.user.credits).toBe(60);
    expect(await grants(s.user.id, answer.payment_id)).toBe(1);
  });

  it('a paid payment never reverts, whatever the provider says later', async () => {
    const { cookie, body: s } = await signup();
    const answer = await started(cookie);
    await press(answer.checkout_url, 'paid');
    for (const action of ['failed', 'canceled', 'expired', 'pending']) {
      await press(answer.checkout_url, action);
      expect((await paymentAnswer(cookie, answer.payment_id)).body.payment.status).toBe('paid');
    }
    await press(answer.checkout_url, 'paid');
    expect(await grants(s.user.id, answer.payment_id)).toBe(1);
    expect(await member(s.user.id)).toEqual({ credits: 260, paid_user: 1 });
  });

  it('the webhook: an unknown id is 200 and does nothing, an unknown provider 404, a bad id 400; the body is never believed', async () => {
    const before = await count('SELECT count(*) n FROM credit_ledger');
    expect((await webhook('sim_AAAAAAAAAAAAAAAA')).status).toBe(200);
    expect((await webhook('tr_unknown')).status).toBe(200);
    expect((await webhook('sim_AAAAAAAAAAAAAAAA', V, 'stripe')).status).toBe(404);
    expect((await webhook('../../etc', V)).status).toBe(400);
    expect((await call(`${V}/hooks/payments/sim`, { method: 'POST', body: new URLSearchParams({}) })).status).toBe(400);
    // a webhook claiming "paid" for an open payment: the provider is asked, and says open
    const { cookie, body: s } = await signup();
    const answer = await started(cookie);
    const res = await call(`${V}/hooks/payments/sim`, {
      method: 'POST',
      body: new URLSearchParams({ id: await providerId(answer.payment_id), status: 'paid' }),
    });
    expect(res.status).toBe(200);
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
    expect((await member(s.user.id)).credits).toBe(10);
    expect(await count('SELECT count(*) n FROM credit_ledger')).toBe(before + 1); // the new member's signup credits only
  });

  it("another member's payment: 404 on GET payment.php, and the GET cannot settle it", async () => {
    const owner = await signup();
    const other = await signup();
    const answer = await started(owner.cookie);
    await env.DB.prepare("UPDATE dev_psp_payments SET status = 'paid' WHERE id = ?")
      .bind(await providerId(answer.payment_id))
      .run();
    const res = await read<Err>(await get(`${V}/api/payment.php?id=${answer.payment_id}`, other.cookie));
    expect(res).toMatchObject({ status: 404, body: { error: 'not_found_generic' } });
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
    expect(await member(other.body.user.id)).toEqual({ credits: 10, paid_user: 0 });
    expect((await read<Err>(await get(`${V}/api/payment.php?id=${answer.payment_id}`))).status).toBe(403);
    expect((await read<Err>(await get(`${V}/api/payment.php?id=x`, other.cookie))).status).toBe(400);
    expect((await read<Err>(await get(`${V}/api/payment.php?id=AAAAAAAAAAAAAAAAAAAAAAAA`, other.cookie))).status).toBe(404);
    // the owner's return settles it for the owner
    expect((await paymentAnswer(owner.cookie, answer.payment_id)).body.user.credits).toBe(260);
  });

  it('premium on the first purchase only: a second purchase keeps paid_user and adds its credits', async () => {
    const { cookie, body: s } = await signup();
    const first = await started(cookie, { package: 'p0', method: 'creditcard' });
    await press(first.checkout_url, 'paid');
    const second = await started(cookie, { package: 'p1', method: 'paypal' });
    await press(second.checkout_url, 'paid');
    expect(await member(s.user.id)).toEqual({ credits: 10 + 50 + 120, paid_user: 1 });
    expect((await paymentAnswer(cookie, first.payment_id)).body.payment.made_premium).toBe(true);
    const answer = await paymentAnswer(cookie, second.payment_id);
    expect(answer.body.payment.made_premium).toBe(false);
    expect(answer.body.user).toMatchObject({ paid_user: true, credits: 180 });
  });
});

describe('GET /api/transactions.php', () => {
  it('lists purchases, spending and bonuses newest first; a purchase has its receipt with VAT included', async () => {
    const m = await activeMember();
    const answer = await started(m.cookie);
    await press(answer.checkout_url, 'paid');
    const at = new Date();
    await db.batch([...spend(db, { memberId: m.id, amount: 2, reason: 'message_text', ref: `message:t-${m.id}`, at })]);
    const list = await read<TransactionsAnswer>(await get(`${V}/api/transactions.php`, m.cookie));
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ page: 1, more: false });
    expect(list.body.transactions.map((t) => [t.kind, t.reason, t.credits, t.balance_after])).toEqual([
      ['spend', 'message_text', -2, 258],
      ['purchase', 'purchase', 250, 260],
      ['bonus', 'signup_bonus', 10, 10],
    ]);
    const purchase = list.body.transactions[1]!;
    expect(purchase.payment).toEqual({ payment_id: answer.payment_id, package: 'p2', amount: 5995, currency: 'EUR', method: 'ideal' });
    expect(list.body.transactions[0]!.payment).toBeNull();

    const detail = await read<TransactionAnswer>(await get(`${V}/api/transactions.php?id=${purchase.id}`, m.cookie));
    expect(detail.status).toBe(200);
    expect(detail.body.transaction).toEqual(purchase);
    const receipt = detail.body.receipt!;
    expect(receipt).toMatchObject({
      company: {
        name: 'Vonk Media B.V.',
        address: 'Herengracht 182',
        zip: '1016 BR',
        city: 'Amsterdam',
        country: 'NL',
        kvk: '81234567',
        vat_number: 'NL862345678B01',
      },
      site: 'Vonkje',
      buyer: { name: 'Sam', email: m.email, country: 'NL' },
      amount: 5995,
      currency: 'EUR',
      vat_rate: 21,
      vat_amount: 1040, // 5995 × 21 / 121 = 1040.45
      net_amount: 4955,
      discount: null,
    });
    expect(receipt.number).toMatch(new RegExp(`^\\d{8}-${answer.payment_id.slice(0, 12).replace(/[-_]/g, '\\$&')}$`));
    const spendDetail = await read<TransactionAnswer>(await get(`${V}/api/transactions.php?id=${list.body.transactions[0]!.id}`, m.cookie));
    expect(spendDetail.body.receipt).toBeNull();
  });

  it('receipts abroad: the buyer country rate and the company VAT number for it', async () => {
    const de = await signup('she-de.localhost');
    await setCountry(de.body.user.id, 'DE');
    const p = await started(de.cookie, { package: 'p3', method: 'paypal' }, DE);
    await press(p.checkout_url, 'paid');
    const [row] = (await read<TransactionsAnswer>(await get(`${DE}/api/transactions.php?page=1`, de.cookie))).body.transactions;
    const receipt = (await read<TransactionAnswer>(await get(`${DE}/api/transactions.php?id=${row!.id}`, de.cookie))).body.receipt!;
    expect(receipt).toMatchObject({
      site: 'Flirtfunke',
      amount: 11250,
      vat_rate: 19,
      vat_amount: 1796,
      net_amount: 9454,
      company: { name: 'Sparkfield Media Ltd', vat_number: 'DE318765432' },
    });

    const ch = await signup('she-de.localhost');
    await setCountry(ch.body.user.id, 'CH');
    const q = await started(ch.cookie, { package: 'p3', method: 'creditcard' }, DE);
    await press(q.checkout_url, 'paid');
    const [chRow] = (await read<TransactionsAnswer>(await get(`${DE}/api/transactions.php`, ch.cookie))).body.transactions;
    const chReceipt = (await read<TransactionAnswer>(await get(`${DE}/api/transactions.php?id=${chRow!.id}`, ch.cookie))).body.receipt!;
    // CHF 122.50 with 8.1% Swiss VAT: 12250 × 8.1 / 108.1 = 917.9; the Irish number when none is for the country
    expect(chReceipt).toMatchObject({
      currency: 'CHF',
      amount: 12250,
      vat_rate: 8.1,
      vat_amount: 918,
      net_amount: 11332,
      company: { vat_number: 'IE3712345LH' },
    });
  });

  it("pages the ledger; another member's transaction is 404; bad queries 400", async () => {
    const m = await signup();
    const other = await signup();
    const at = new Date();
    for (let i = 0; i < 5; i++)
      await db.batch([
        ...spend(db, { memberId: m.body.user.id, amount: 1, reason: 'message_text', ref: `message:p-${m.body.user.id}-${i}`, at }),
      ]);
    const page1 = (await read<TransactionsAnswer>(await get(`${V}/api/transactions.php?page=1`, m.cookie))).body;
    expect(page1.transactions).toHaveLength(6);
    expect(page1.more).toBe(false);
    const page2 = (await read<TransactionsAnswer>(await get(`${V}/api/transactions.php?page=2`, m.cookie))).body;
    expect(page2).toEqual({ transactions: [], page: 2, more: false });
    const theirs = page1.transactions[0]!.id;
    expect(await read<Err>(await get(`${V}/api/transactions.php?id=${theirs}`, other.cookie))).toMatchObject({
      status: 404,
      body: { error: 'not_found_generic' },
    });
    for (const q of ['page=0', 'page=x', 'id=abc', 'id=-1', 'id=1&page=2', 'colour=red']) {
      const res = await read<Err>(await get(`${V}/api/transactions.php?${q}`, m.cookie));
      expect([q, res.status, res.body.error]).toEqual([q, 400, 'invalid_request']);
    }
    expect((await get(`${V}/api/transactions.php`)).status).toBe(403);
  });
});

describe('outside development', () => {
  const prod = (path: string, init: RequestInit = {}, vars: Record<string, string | undefined> = {}) =>
    // a deployed worker answers only the sites' own domains (development hosts are unknown there)
    worker.fetch(new Request(`https://vonkje.nl${path}`, init), { ...env, ENVIRONMENT: 'production', ...vars }, createExecutionContext());

  it('the sim provider refuses: a start answers 503 payment_provider_error and writes nothing; its checkout page is gone', async () => {
    const { cookie, body: s } = await signup();
    const res = await prod('/api/payment.php', {
      method: 'POST',
      headers: { ...H, cookie: `sid=${cookie}` },
      body: JSON.stringify({ package: 'p1', method: 'ideal' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'payment_provider_error', message: expect.any(String) });
    expect(await count('SELECT count(*) n FROM payments WHERE member_id = ?', s.user.id)).toBe(0);
    // the prices stay public; the methods are the site's, without banks
    const packages = (await (await prod('/api/packages.php')).json()) as PackagesAnswer;
    expect(packages.packages).toHaveLength(4);
    expect(packages.methods.every((m) => !m.issuers)).toBe(true);
    // a payment the sim made in development cannot be driven or settled in production
    const answer = await started(cookie);
    expect(
      (await prod(new URL(answer.checkout_url).pathname, { method: 'POST', body: new URLSearchParams({ action: 'paid' }) })).status,
    ).toBe(404);
    expect(
      (await prod('/hooks/payments/sim', { method: 'POST', body: new URLSearchParams({ id: await providerId(answer.payment_id) }) }))
        .status,
    ).toBe(503);
    expect((await paymentRow(answer.payment_id)).status).toBe('open');
  });

  it("without the PAYMENT_PROVIDER override the company's provider is used (Mollie: not configured yet, 503)", async () => {
    const { cookie } = await signup();
    const res = await prod(
      '/api/payment.php',
      { method: 'POST', headers: { ...H, cookie: `sid=${cookie}` }, body: JSON.stringify({ package: 'p1', method: 'ideal' }) },
      { PAYMENT_PROVIDER: undefined, ENVIRONMENT: 'development' },
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'payment_provider_error' });
  });
});
