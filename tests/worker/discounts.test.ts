import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  ActiveDiscountAnswer,
  DiscountAnswer,
  PaymentAnswer,
  StartPaymentAnswer,
  TransactionAnswer,
  TransactionsAnswer,
} from '../../worker/contracts/payments';
import { clock } from '../../worker/lib/clock';
import { count, get, post, signup } from './account-helpers';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
const DE = 'http://she-de.localhost';
const ENG = 'http://she-eng.localhost';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

afterEach(() => clock.setNow(null));

type Err = { error: string; message: string; issues?: unknown[] };
const read = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as T });

let n = 0;
/** A code name no other test uses. */
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${n++}`;

type CodeRow = {
  code: string;
  company_id?: number;
  country?: string | null;
  user_id?: number | null;
  percentage?: number;
  currency?: string | null;
  minimum_order_value?: number | null;
  paymentmethods?: string | null;
  starts_at?: string;
  expires_at?: string | null;
};
async function addCode(row: CodeRow) {
  const r = {
    company_id: 1,
    country: null,
    user_id: null,
    percentage: 10,
    currency: null,
    minimum_order_value: null,
    paymentmethods: null,
    starts_at: '2020-01-01T00:00:00.000Z',
    expires_at: null,
    ...row,
  };
  await env.DB.prepare(
    'INSERT INTO discount_codes (code, company_id, country, user_id, percentage, currency, minimum_order_value, paymentmethods, starts_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      r.code,
      r.company_id,
      r.country,
      r.user_id,
      r.percentage,
      r.currency,
      r.minimum_order_value,
      r.paymentmethods,
      r.starts_at,
      r.expires_at,
      new Date().toISOString(),
    )
    .run();
  return r.code;
}

const check = (cookie: string | undefined, query: string, origin = V) => get(`${origin}/api/discountcode.php?${query}`, cookie);
const checked = async (cookie: string | undefined, query: string, origin = V) => read<DiscountAnswer>(await check(cookie, query, origin));
const checkedActive = async (cookie: string) => read<ActiveDiscountAnswer>(await check(cookie, 'welcome=true'));
const refused = async (cookie: string | undefined, query: string, origin = V) => read<Err>(await check(cookie, query, origin));

const start = (cookie: string, body: Record<string, unknown>, origin = V) => post(`${origin}/api/payment.php`, body, cookie);
async function started(cookie: string, body: Record<string, unknown>, origin = V) {
  const res = await start(cookie, body, origin);
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as StartPaymentAnswer;
}
const press = (checkoutUrl: string, action: string) =>
  call(checkoutUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action }) });
const paymentAnswer = async (cookie: string, id: string) => read<PaymentAnswer>(await get(`${V}/api/payment.php?id=${id}`, cookie));

const setCountry = (id: number, country: string) => env.DB.prepare('UPDATE members SET country = ? WHERE id = ?').bind(country, id).run();
const makePaid = (id: number) => env.DB.prepare('UPDATE members SET paid_user = 1 WHERE id = ?').bind(id).run();
const redemptions = async (memberId: number) =>
  (
    await env.DB.prepare('SELECT code, payment_id, status FROM discount_redemptions WHERE member_id = ? ORDER BY created_at')
      .bind(memberId)
      .all<{ code: string; payment_id: string; status: string }>()
  ).results;
const paymentRow = async (id: string) =>
  (await env.DB.prepare('SELECT amount, credits, status, discount_code, discount_percentage, full_amount FROM payments WHERE id = ?')
    .bind(id)
    .first<Record<string, unknown>>())!;
const member = async (id: number) =>
  (await env.DB.prepare('SELECT credits, paid_user FROM members WHERE id = ?').bind(id).first<{ credits: number; paid_user: number }>())!;

/** A member of the main site in the Netherlands (the country prices its packages in euros). */
async function dutchMember(host = 'vonkje.localhost') {
  const m = await signup(host);
  await setCountry(m.body.user.id, host.startsWith('vonkje') ? 'NL' : 'DE');
  return { cookie: m.cookie, id: m.body.user.id };
}

describe('GET /api/discountcode.php?code=', () => {
  it('a code of the company: the spec object, case-insensitive; minimum order against the package price, formatted', async () => {
    const code = await addCode({ code: fresh('VONKJE'), country: 'NL', currency: 'EUR', minimum_order_value: 2500 });
    const m = await dutchMember();
    const ok = await checked(m.cookie, `code=${code.toLowerCase()}`);
    expect(ok.status).toBe(200);
    expect(ok.body.discountcode).toEqual({
      code,
      country: 'NL',
      user_id: null,
      expires: null,
      value_percentage: 10,
      percentage: 10,
      currency: 'EUR',
      minimum_order_value: 2500,
      status: 'active',
      validity: null,
      expired: false,
      paymentmethods: null,
      kind: 'code',
    });
    expect((await checked(m.cookie, `code=%20${code}%20&package=p1`)).status).toBe(200);
    // p0 costs €14.95: under the €25.00 minimum
    expect(await refused(m.cookie, `code=${code}&package=p0`)).toEqual({
      status: 400,
      body: { error: 'code_minimum_order', message: 'Code alleen geldig bij een bestelling vanaf €\u00a025,00' },
    });
    // checking writes nothing
    expect(await redemptions(m.id)).toEqual([]);
  });

  it('unknown, another company, another member’s personal code, not started yet: 404 Code niet gevonden; my personal code is found', async () => {
    const m = await dutchMember();
    const other = await dutchMember();
    const theirs = await addCode({ code: fresh('PERS'), user_id: other.id });
    const mine = await addCode({ code: fresh('MINE'), user_id: m.id, percentage: 30 });
    const elsewhere = await addCode({ code: fresh('SPARK'), company_id: 2 });
    const later = await addCode({ code: fresh('LATER'), starts_at: '2999-01-01T00:00:00.000Z' });
    for (const code of ['NOSUCHCODE', theirs, elsewhere, later, '<script>', 'WELCOME25'])
      expect([code, await refused(m.cookie, `code=${encodeURIComponent(code)}`)]).toEqual([
        code,
        { status: 404, body: { error: 'code_not_found', message: 'Code niet gevonden' } },
      ]);
    expect((await checked(m.cookie, `code=${mine}`)).body.discountcode).toMatchObject({
      code: mine,
      user_id: m.id,
      percentage: 30,
      kind: 'code',
    });
    expect((await checked(other.cookie, `code=${theirs}`)).status).toBe(200);
    // the other company's code is valid on its own sites
    const de = await dutchMember('she-de.localhost');
    expect((await checked(de.cookie, `code=${elsewhere}`, DE)).status).toBe(200);
  });

  it('expired: 410 Code verlopen (at the expiry instant by the clock)', async () => {
    const code = await addCode({ code: fresh('OUD'), starts_at: '2020-01-01T00:00:00.000Z', expires_at: '2030-06-01T00:00:00.000Z' });
    clock.setNow(new Date('2030-05-31T23:59:00.000Z'));
    const m = await dutchMember();
    expect((await checked(m.cookie, `code=${code}`)).body.discountcode).toMatchObject({
      expires: '2030-06-01T00:00:00.000Z',
      validity: 60,
      expired: false,
      status: 'active',
    });
    clock.setNow(new Date('2030-06-01T00:00:00.000Z'));
    expect(await refused(m.cookie, `code=${code}`)).toEqual({ status: 410, body: { error: 'code_expired', message: 'Code verlopen' } });
  });

  it('country: the buyer country as packages.php decides it; a code in another currency is not for this country', async () => {
    const code = await addCode({ code: fresh('NLONLY'), country: 'NL' });
    const nl = await dutchMember();
    expect((await checked(nl.cookie, `code=${code}`)).status).toBe(200);
    const be = await dutchMember();
    await setCountry(be.id, 'BE');
    expect(await refused(be.cookie, `code=${code}`)).toEqual({
      status: 400,
      body: { error: 'code_country', message: 'Code niet geldig in jouw land' },
    });
    // a profile country the site does not sell in: the visitor's country decides
    const us = await dutchMember();
    await setCountry(us.id, 'US');
    expect(
      (await read<Err>(await call(`${V}/api/discountcode.php?code=${code}`, { country: 'BE', headers: { cookie: `sid=${us.cookie}` } })))
        .body.error,
    ).toBe('code_country');
    expect(
      (
        await read<DiscountAnswer>(
          await call(`${V}/api/discountcode.php?code=${code}`, { country: 'NL', headers: { cookie: `sid=${us.cookie}` } }),
        )
      ).status,
    ).toBe(200);
    // a euro code (its minimum in euros) in Great Britain, in English
    const euros = await addCode({ code: fresh('EURO'), company_id: 2, currency: 'EUR', minimum_order_value: 1000 });
    const gb = await signup('she-eng.localhost');
    await setCountry(gb.body.user.id, 'GB');
    expect(await refused(gb.cookie, `code=${euros}`, ENG)).toEqual({
      status: 400,
      body: { error: 'code_country', message: 'Code not valid in your country' },
    });
    const ie = await signup('she-eng.localhost');
    await setCountry(ie.body.user.id, 'IE');
    expect((await checked(ie.cookie, `code=${euros}&package=p0`, ENG)).status).toBe(200);
  });

  it('minimum order in German on the German site; in the payment currency when the code names none', async () => {
    const code = await addCode({ code: fresh('MIN'), company_id: 2, minimum_order_value: 5000 });
    const de = await dutchMember('she-de.localhost');
    expect(await refused(de.cookie, `code=${code}&package=p1`, DE)).toEqual({
      status: 400,
      body: { error: 'code_minimum_order', message: 'Code nur gültig ab einem Bestellwert von 50,00\u00a0€' },
    });
    expect((await checked(de.cookie, `code=${code}&package=p2`, DE)).status).toBe(200);
    const ch = await signup('she-de.localhost');
    await setCountry(ch.body.user.id, 'CH');
    // in francs: p2 (CHF 67.95) is enough, p1 (CHF 33.95) is not
    expect((await checked(ch.cookie, `code=${code}&package=p2`, DE)).status).toBe(200);
    expect((await refused(ch.cookie, `code=${code}&package=p1`, DE)).body.message).toBe(
      'Code nur gültig ab einem Bestellwert von 50,00\u00a0CHF',
    );
  });

  it('payment method restriction: 400 code_method for another method, fine for iDEAL or with no method given', async () => {
    const code = await addCode({ code: fresh('IDEAL'), percentage: 15, paymentmethods: '["ideal"]' });
    const m = await dutchMember();
    expect((await checked(m.cookie, `code=${code}`)).body.discountcode.paymentmethods).toEqual(['ideal']);
    expect((await checked(m.cookie, `code=${code}&method=ideal&package=p0`)).status).toBe(200);
    expect(await refused(m.cookie, `code=${code}&method=creditcard`)).toEqual({
      status: 400,
      body: { error: 'code_method', message: 'Code niet geldig voor deze betaalmethode' },
    });
  });

  it('bad inputs are 4xx and write nothing; visitors 403', async () => {
    const m = await dutchMember();
    const code = await addCode({ code: fresh('BAD') });
    const cases: [string, number, string][] = [
      ['code=', 404, 'code_not_found'],
      ['code=%20%20', 404, 'code_not_found'],
      [`code=${'A'.repeat(65)}`, 404, 'code_not_found'],
      [`code=${code}&package=p9`, 404, 'package_not_found'],
      [`code=${code}&method=bitcoin`, 400, 'method_unavailable'],
      [`code=${code}&colour=red`, 400, 'invalid_request'],
      [`code=${code}&package=p9&method=bitcoin`, 400, 'invalid_request'],
      ['welcome=yes', 400, 'invalid_request'],
      [`welcome=true&code=${code}`, 400, 'invalid_request'],
      ['', 400, 'invalid_request'],
      ['package=p1', 400, 'invalid_request'],
    ];
    for (const [query, status, error] of cases) {
      const res = await refused(m.cookie, query);
      expect([query, res.status, res.body.error]).toEqual([query, status, error]);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.message).not.toBe(error);
    }
    expect(await refused(undefined, `code=${code}`)).toMatchObject({ status: 403, body: { error: 'authentication_required' } });
    expect(await refused(undefined, 'welcome=true')).toMatchObject({ status: 403, body: { error: 'authentication_required' } });
    expect(await redemptions(m.id)).toEqual([]);
    expect(await count('SELECT count(*) n FROM payments WHERE member_id = ?', m.id)).toBe(0);
  });
});

describe('the time bonus and the welcome code', () => {
  const t0 = new Date('2031-03-01T10:00:00.000Z');
  async function memberAt(at: Date) {
    clock.setNow(at);
    return dutchMember();
  }

  it('TIMEBONUS25 within 4 hours of signup: 25 %, expires at signup + 4 h, validity the seconds left; then 410', async () => {
    const m = await memberAt(t0);
    clock.setNow(new Date(t0.getTime() + HOUR));
    const bonus = (await checked(m.cookie, 'code=timebonus25&package=p0&method=paypal')).body.discountcode;
    expect(bonus).toEqual({
      code: 'TIMEBONUS25',
      country: null,
      user_id: m.id,
      expires: '2031-03-01T14:00:00.000Z',
      value_percentage: 25,
      percentage: 25,
      currency: null,
      minimum_order_value: null,
      status: 'active',
      validity: 3 * 3600,
      expired: false,
      paymentmethods: null,
      kind: 'time_bonus',
    });
    clock.setNow(new Date(t0.getTime() + 4 * HOUR - 1000));
    expect((await checked(m.cookie, 'code=TIMEBONUS25')).body.discountcode.validity).toBe(1);
    clock.setNow(new Date(t0.getTime() + 4 * HOUR));
    expect(await refused(m.cookie, 'code=TIMEBONUS25')).toEqual({ status: 410, body: { error: 'code_expired', message: 'Code verlopen' } });
  });

  it('the receipt of a discounted purchase shows the price before the discount and the discount', async () => {
    const m = await memberAt(t0);
    clock.setNow(new Date(t0.getTime() + DAY));
    const p = await started(m.cookie, { package: 'p2', method: 'ideal', discount_code: 'WELKOM25' });
    expect(p).toMatchObject({ amount: 4496, discount: { code: 'WELKOM25', percentage: 25, full_amount: 5995 } }); // 5995 × 0.75 = 4496.25
    await press(p.checkout_url, 'paid');
    const list = await read<TransactionsAnswer>(await get(`${V}/api/transactions.php`, m.cookie));
    const purchase = list.body.transactions.find((t) => t.kind === 'purchase')!;
    const { receipt } = (await read<TransactionAnswer>(await get(`${V}/api/transactions.php?id=${purchase.id}`, m.cookie))).body;
    expect(receipt).toMatchObject({ amount: 4496, discount: { code: 'WELKOM25', percentage: 25, full_amount: 5995 } });
  });

  it('?welcome=true: the time bonus first, the welcome code after 4 hours, none after 7 days', async () => {
    const m = await memberAt(t0);
    clock.setNow(new Date(t0.getTime() + 30 * 60_000));
    expect((await checked(m.cookie, 'welcome=true')).body.discountcode).toMatchObject({
      code: 'TIMEBONUS25',
      kind: 'time_bonus',
      percentage: 25,
      validity: 3.5 * 3600,
    });
    clock.setNow(new Date(t0.getTime() + 4 * HOUR));
    const welcome = await checked(m.cookie, 'welcome=true');
    expect(welcome.status).toBe(200);
    expect(welcome.body.discountcode).toEqual({
      code: 'WELKOM25',
      country: null,
      user_id: m.id,
      expires: '2031-03-08T10:00:00.000Z',
      value_percentage: 25,
      percentage: 25,
      currency: null,
      minimum_order_value: null,
      status: 'active',
      validity: 7 * 86400 - 4 * 3600,
      expired: false,
      paymentmethods: null,
      kind: 'welcome',
    });
    // the welcome code can be entered too, in any case
    expect((await checked(m.cookie, 'code=welkom25&package=p3')).body.discountcode.kind).toBe('welcome');
    clock.setNow(new Date(t0.getTime() + 7 * DAY - 1000));
    expect((await checked(m.cookie, 'welcome=true')).body.discountcode).toMatchObject({ code: 'WELKOM25', validity: 1 });
    clock.setNow(new Date(t0.getTime() + 7 * DAY));
    // none is an answer (200 null), never a 404 in the member's console on every page load
    expect(await checkedActive(m.cookie)).toEqual({ status: 200, body: { discountcode: null } });
    expect(await refused(m.cookie, 'code=WELKOM25')).toMatchObject({ status: 410, body: { error: 'code_expired' } });
  });

  it('a paid member has neither: code_not_found, and no active discount, even inside the 4 hours', async () => {
    const m = await memberAt(t0);
    await makePaid(m.id);
    clock.setNow(new Date(t0.getTime() + HOUR));
    expect(await refused(m.cookie, 'code=TIMEBONUS25')).toMatchObject({ status: 404, body: { error: 'code_not_found' } });
    expect(await refused(m.cookie, 'code=WELKOM25')).toMatchObject({ status: 404, body: { error: 'code_not_found' } });
    expect(await checkedActive(m.cookie)).toEqual({ status: 200, body: { discountcode: null } });
    // the company's own codes still work for paid members
    const code = await addCode({ code: fresh('PAID') });
    expect((await checked(m.cookie, `code=${code}`)).status).toBe(200);
  });

  it('the welcome code is for the first purchase only: after a purchase without it, it is gone', async () => {
    const m = await memberAt(t0);
    clock.setNow(new Date(t0.getTime() + DAY));
    const p = await started(m.cookie, { package: 'p0', method: 'creditcard' });
    expect(p.discount).toBeNull();
    expect((await checkedActive(m.cookie)).body.discountcode?.code).toBe('WELKOM25');
    await press(p.checkout_url, 'paid');
    expect(await refused(m.cookie, 'code=WELKOM25')).toMatchObject({ status: 404, body: { error: 'code_not_found' } });
    expect(await checkedActive(m.cookie)).toEqual({ status: 200, body: { discountcode: null } });
    expect((await read<Err>(await start(m.cookie, { package: 'p0', method: 'creditcard', discount_code: 'WELKOM25' }))).body.error).toBe(
      'code_not_found',
    );
  });

  it('the time bonus once: used by a paid payment it is 409; the two built-in codes share one use', async () => {
    const m = await memberAt(t0);
    clock.setNow(new Date(t0.getTime() + HOUR));
    const p = await started(m.cookie, { package: 'p3', method: 'ideal', discount_code: 'timebonus25' });
    expect(p).toMatchObject({ amount: 8438, credits: 500, discount: { code: 'TIMEBONUS25', percentage: 25, full_amount: 11250 } }); // 11250 × 0.75 = 8437.5
    // held: the welcome code is spoken for too, and ?welcome=true has nothing to offer
    expect(await refused(m.cookie, 'code=WELKOM25')).toMatchObject({ status: 409, body: { error: 'code_used' } });
    expect(await checkedActive(m.cookie)).toEqual({ status: 200, body: { discountcode: null } });
    expect((await read<Err>(await start(m.cookie, { package: 'p0', method: 'ideal', discount_code: 'WELKOM25' }))).status).toBe(409);
    // the payment fails: both are back, the time bonus first
    await press(p.checkout_url, 'failed');
    expect((await checkedActive(m.cookie)).body.discountcode?.code).toBe('TIMEBONUS25');
    const again = await started(m.cookie, { package: 'p3', method: 'ideal', discount_code: 'TIMEBONUS25' });
    await press(again.checkout_url, 'paid');
    expect(await redemptions(m.id)).toEqual([{ code: 'TIMEBONUS25', payment_id: again.payment_id, status: 'used' }]);
    expect(await refused(m.cookie, 'code=TIMEBONUS25')).toEqual({
      status: 409,
      body: { error: 'code_used', message: 'Code reeds gebruikt' },
    });
    expect(await member(m.id)).toEqual({ credits: 510, paid_user: 1 });
  });
});

describe('POST /api/payment.php with discount_code', () => {
  it('the discounted amount on the payment, the provider and the sim checkout; credits unchanged; used once paid', async () => {
    const code = await addCode({ code: fresh('VONKJE'), country: 'NL', currency: 'EUR', minimum_order_value: 2500 });
    const m = await dutchMember();
    const p = await started(m.cookie, { package: 'p2', method: 'ideal', discount_code: ` ${code.toLowerCase()} ` });
    // 5995 × 90 / 100 = 5395.5
    expect(p).toMatchObject({
      credits: 250,
      amount: 5396,
      currency: 'EUR',
      method: 'ideal',
      discount: { code, percentage: 10, full_amount: 5995 },
    });
    expect(await paymentRow(p.payment_id)).toMatchObject({
      amount: 5396,
      credits: 250,
      status: 'open',
      discount_code: code,
      discount_percentage: 10,
      full_amount: 5995,
    });
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: p.payment_id, status: 'held' }]);
    const sim = await env.DB.prepare('SELECT amount FROM dev_psp_payments WHERE reference = ?')
      .bind(p.payment_id)
      .first<{ amount: number }>();
    expect(sim?.amount).toBe(5396);
    expect(await (await call(p.checkout_url)).text()).toContain('€53.96');
    // held counts as used
    expect(await refused(m.cookie, `code=${code}`)).toMatchObject({
      status: 409,
      body: { error: 'code_used', message: 'Code reeds gebruikt' },
    });
    await press(p.checkout_url, 'paid');
    expect(await member(m.id)).toEqual({ credits: 260, paid_user: 1 });
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: p.payment_id, status: 'used' }]);
    const back = await paymentAnswer(m.cookie, p.payment_id);
    expect(back.body.payment).toMatchObject({ status: 'paid', amount: 5396, discount: { code, percentage: 10, full_amount: 5995 } });
    // used: refused, nothing written
    const before = await count('SELECT count(*) n FROM payments WHERE member_id = ?', m.id);
    expect(await read<Err>(await start(m.cookie, { package: 'p2', method: 'ideal', discount_code: code }))).toMatchObject({
      status: 409,
      body: { error: 'code_used' },
    });
    expect(await count('SELECT count(*) n FROM payments WHERE member_id = ?', m.id)).toBe(before);
    // a payment without a code says so
    const plain = await started(m.cookie, { package: 'p0', method: 'paypal' });
    expect(plain.discount).toBeNull();
    expect((await paymentAnswer(m.cookie, plain.payment_id)).body.payment.discount).toBeNull();
    // another member may use the same code
    const other = await dutchMember();
    expect((await started(other.cookie, { package: 'p2', method: 'paypal', discount_code: code })).amount).toBe(5396);
  });

  it.each(['failed', 'canceled', 'expired'])('%s: the hold is released and the code can be used again', async (action) => {
    const code = await addCode({ code: fresh('RETRY'), percentage: 20 });
    const m = await dutchMember();
    const p = await started(m.cookie, { package: 'p1', method: 'creditcard', discount_code: code });
    expect(p.amount).toBe(2396); // 2995 × 0.8
    expect((await read<Err>(await start(m.cookie, { package: 'p1', method: 'paypal', discount_code: code }))).body.error).toBe('code_used');
    await press(p.checkout_url, action);
    expect((await paymentAnswer(m.cookie, p.payment_id)).body.payment).toMatchObject({
      status: action,
      discount: { code, percentage: 20, full_amount: 2995 },
    });
    expect(await redemptions(m.id)).toEqual([]);
    expect((await checked(m.cookie, `code=${code}`)).status).toBe(200);
    const again = await started(m.cookie, { package: 'p1', method: 'paypal', discount_code: code });
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: again.payment_id, status: 'held' }]);
    // pending keeps the hold
    await press(again.checkout_url, 'pending');
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: again.payment_id, status: 'held' }]);
    await press(again.checkout_url, 'paid');
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: again.payment_id, status: 'used' }]);
    // a paid payment never reverts, and a late failure releases nothing
    await press(again.checkout_url, 'failed');
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: again.payment_id, status: 'used' }]);
  });

  it('paid after a reported failure: the released code becomes used', async () => {
    const code = await addCode({ code: fresh('LATE') });
    const m = await dutchMember();
    const p = await started(m.cookie, { package: 'p0', method: 'creditcard', discount_code: code });
    await press(p.checkout_url, 'failed');
    expect(await redemptions(m.id)).toEqual([]);
    await press(p.checkout_url, 'paid');
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: p.payment_id, status: 'used' }]);
  });

  it('a provider failing the start releases the hold', async () => {
    const code = await addCode({ code: fresh('OUTAGE') });
    const m = await dutchMember();
    const res = await read<Err>(await start(m.cookie, { package: 'p1', method: 'ideal', issuer: 'ideal_SIMFAIL1', discount_code: code }));
    expect(res).toMatchObject({ status: 502, body: { error: 'payment_provider_error' } });
    const rows = await env.DB.prepare('SELECT status, discount_code FROM payments WHERE member_id = ?').bind(m.id).all();
    expect(rows.results).toEqual([{ status: 'failed', discount_code: code }]);
    expect(await redemptions(m.id)).toEqual([]);
    expect((await started(m.cookie, { package: 'p1', method: 'ideal', discount_code: code })).discount?.code).toBe(code);
  });

  it('20 concurrent starts with one code by one member: exactly one payment and one hold, 409 code_used for the rest', async () => {
    const code = await addCode({ code: fresh('RACE'), percentage: 50 });
    const m = await dutchMember();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        start(m.cookie, { package: 'p0', method: i % 2 ? 'paypal' : 'creditcard', discount_code: code }).then((r) =>
          read<StartPaymentAnswer & Err>(r),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error === 'code_used')).toHaveLength(19);
    expect(won[0]!.body.amount).toBe(748); // 1495 × 0.5 = 747.5
    expect(await count('SELECT count(*) n FROM payments WHERE member_id = ?', m.id)).toBe(1);
    expect(await redemptions(m.id)).toEqual([{ code, payment_id: won[0]!.body.payment_id, status: 'held' }]);
    expect(
      await count('SELECT count(*) n FROM dev_psp_payments WHERE reference IN (SELECT id FROM payments WHERE member_id = ?)', m.id),
    ).toBe(1);
  });

  it('the start checks like discountcode.php: not found, expired, country, method, minimum order; nothing written', async () => {
    const m = await dutchMember();
    const expired = await addCode({ code: fresh('GONE'), expires_at: '2021-01-01T00:00:00.000Z' });
    const ideal = await addCode({ code: fresh('IDEAL'), paymentmethods: '["ideal"]' });
    const minimum = await addCode({ code: fresh('MIN'), currency: 'EUR', minimum_order_value: 2500 });
    const belgian = await addCode({ code: fresh('BE'), country: 'BE' });
    const personal = await addCode({ code: fresh('PERS'), user_id: 12345 });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ package: 'p1', method: 'ideal', discount_code: 'NOSUCHCODE' }, 404, 'code_not_found'],
      [{ package: 'p1', method: 'ideal', discount_code: personal }, 404, 'code_not_found'],
      [{ package: 'p1', method: 'ideal', discount_code: expired }, 410, 'code_expired'],
      [{ package: 'p1', method: 'creditcard', discount_code: ideal }, 400, 'code_method'],
      [{ package: 'p0', method: 'ideal', discount_code: minimum }, 400, 'code_minimum_order'],
      [{ package: 'p1', method: 'ideal', discount_code: belgian }, 400, 'code_country'],
      [{ package: 'p1', method: 'ideal', discount_code: 'A'.repeat(65) }, 400, 'invalid_request'],
      [{ package: 'p1', method: 'ideal', discount_code: 15 }, 400, 'invalid_request'],
      [{ package: 'p9', method: 'ideal', discount_code: ideal }, 404, 'package_not_found'],
      [{ package: 'p1', method: 'directdebit', discount_code: ideal }, 400, 'method_unavailable'],
    ];
    for (const [body, status, error] of cases) {
      const res = await read<Err>(await start(m.cookie, body));
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
      expect(res.body.message).not.toBe(error);
    }
    expect((await read<Err>(await start(m.cookie, { package: 'p0', method: 'ideal', discount_code: minimum }))).body.message).toBe(
      'Code alleen geldig bij een bestelling vanaf €\u00a025,00',
    );
    expect(await count('SELECT count(*) n FROM payments WHERE member_id = ?', m.id)).toBe(0);
    expect(await redemptions(m.id)).toEqual([]);
    expect(await count('SELECT count(*) n FROM rate_limits WHERE key = ?', `payment-start:${m.id}`)).toBe(0);
    // a blank code is no code
    expect((await started(m.cookie, { package: 'p0', method: 'ideal', discount_code: '  ' })).discount).toBeNull();
    expect((await started(m.cookie, { package: 'p1', method: 'ideal', discount_code: ideal })).discount?.code).toBe(ideal);
  });
});
