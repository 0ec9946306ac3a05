import { env } from 'cloudflare:workers';
import { composeIBAN } from 'ibantools';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  DirectDebitAnswer,
  DirectDebitConfirmAnswer,
  PaymentAnswer,
  RepeatOrderAnswer,
  RepeatOrderStartAnswer,
  StartPaymentAnswer,
} from '../../worker/contracts/payments';
import { paymentsFeature } from '../../worker/features/payments/payments.feature';
import { eraseAtProviders } from '../../worker/features/payments/provider-erasures';
import { clock } from '../../worker/lib/clock';
import { getDb } from '../../worker/lib/db';
import { maskIban, sepaIban } from '../../worker/lib/iban';
import { maskPhone, mobileE164 } from '../../worker/lib/phone';
import { count, get, post, signup } from './account-helpers';
import { call } from './helpers';

/**
 * Direct debit (spec sections 3, 5 and 8; issue 10): the form with IBAN and mobile checks, blocks
 * and daily limits, the SMS code (6 digits, single use, 10 minutes, bound to its request, 5 tries),
 * the mandate and the payment through the sim provider, settling and a returned debit; card
 * mandates and repeat orders. Real D1 through the pool; SMS read from the outbox.
 */
const V = 'http://vonkje.localhost';
const ENG = 'http://she-eng.localhost';
const db = getDb(env.DB);

afterEach(() => clock.setNow(null));

type Err = { error: string; message: string; issues?: { path: string; message: string }[] };
const read = async <T>(res: Response) => ({ status: res.status, body: (await res.json()) as T });

/** A fresh valid Dutch IBAN (so the per-IBAN daily limit of one test never meets another's). */
const freshIban = () => composeIBAN({ countryCode: 'NL', bban: `ABNA${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` })!;
/** A fresh valid Dutch mobile number, as a member types it. */
const freshPhone = () => `061${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

const form = (overrides: Record<string, unknown> = {}) => ({
  package: 'p2',
  account_holder: 'Sam de Vries',
  iban: freshIban(),
  street: 'Damrak',
  house_number: '1A',
  zip: '1012 LG',
  city: 'Amsterdam',
  phone: freshPhone(),
  ...overrides,
});

const requestDd = (cookie: string | undefined, body: unknown, origin = V) => post(`${origin}/api/directdebit.php`, body, cookie);
const confirmDd = (cookie: string | undefined, body: unknown) => post(`${V}/api/directdebit-confirm.php`, body, cookie);

async function requested(cookie: string, overrides: Record<string, unknown> = {}) {
  const res = await requestDd(cookie, form(overrides));
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as DirectDebitAnswer;
}

type SmsRow = { to_number: string; text: string; member_id: number; kind: string; expires_at: string };
/** The newest SMS to a member, and the 6-digit code in it. */
async function lastSms(memberId: number) {
  const row = await env.DB.prepare('SELECT * FROM sms_outbox WHERE member_id = ? ORDER BY id DESC LIMIT 1').bind(memberId).first<SmsRow>();
  return { sms: row, code: row ? /\b(\d{6})\b/.exec(row.text)?.[1] : undefined };
}

const requestRow = async (id: string) =>
  (await env.DB.prepare('SELECT * FROM directdebit_requests WHERE id = ?')
    .bind(id)
    .first<Record<string, unknown> & { attempts: number; used_at: string | null; otp_hash: string }>())!;
const paymentRow = async (id: string) =>
  (await env.DB.prepare('SELECT * FROM payments WHERE id = ?').bind(id).first<{
    status: string;
    method: string;
    amount: number;
    credits: number;
    provider: string;
    provider_payment_id: string;
    charged_back_amount: number;
    discount_code: string | null;
  }>())!;
const member = async (id: number) =>
  (await env.DB.prepare('SELECT credits, paid_user FROM members WHERE id = ?').bind(id).first<{ credits: number; paid_user: number }>())!;
const grants = (memberId: number, paymentId: string) =>
  count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', memberId, `payment:${paymentId}`);
const mandatesOf = async (memberId: number) =>
  (
    await env.DB.prepare(
      'SELECT method, label, status, provider, provider_customer_id, provider_mandate_id FROM mandates WHERE member_id = ? ORDER BY created_at, id',
    )
      .bind(memberId)
      .all()
  ).results;
const rowsOf = async (memberId: number) => ({
  requests: await count('SELECT count(*) n FROM directdebit_requests WHERE member_id = ?', memberId),
  sms: await count('SELECT count(*) n FROM sms_outbox WHERE member_id = ?', memberId),
  payments: await count('SELECT count(*) n FROM payments WHERE member_id = ?', memberId),
  mandates: await count('SELECT count(*) n FROM mandates WHERE member_id = ?', memberId),
});

/** A button on the sim's page of a payment (a direct debit's too), as the browser posts it. */
const press = (simId: string, action: string, origin = V) =>
  call(`${origin}/dev/psp/${simId}`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action }) });
const webhook = (simId: string) => call(`${V}/hooks/payments/sim`, { method: 'POST', body: new URLSearchParams({ id: simId }) });

/** Form, SMS code, confirm: the direct-debit payment (pending), and what was asked. */
async function directDebit(cookie: string, memberId: number, overrides: Record<string, unknown> = {}) {
  const answer = await requested(cookie, overrides);
  const { code } = await lastSms(memberId);
  const res = await confirmDd(cookie, { request_id: answer.request_id, otp: code });
  if (res.status !== 201) throw new Error(`confirm failed: ${res.status} ${await res.text()}`);
  return { answer, confirmed: (await res.json()) as DirectDebitConfirmAnswer };
}

describe('IBAN and mobile checks', () => {
  it('IBANs: electronic form, country format, mod-97 checksum, SEPA countries only', () => {
    expect(sepaIban('NL91ABNA0417164300')).toBe('NL91ABNA0417164300');
    expect(sepaIban(' nl91 abna 0417 1643 00 ')).toBe('NL91ABNA0417164300');
    expect(sepaIban('NL91-ABNA-0417-1643-00')).toBe('NL91ABNA0417164300');
    expect(sepaIban('BE68 5390 0754 7034')).toBe('BE68539007547034');
    expect(sepaIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(sepaIban('AT611904300234573201')).toBe('AT611904300234573201');
    // one digit off: the checksum fails
    expect(sepaIban('NL91ABNA0417164301')).toBeNull();
    expect(sepaIban('NL92ABNA0417164300')).toBeNull();
    expect(sepaIban('DE89370400440532013001')).toBeNull();
    // a valid checksum outside SEPA (Saudi Arabia, Turkey)
    expect(sepaIban('SA0380000000608010167519')).toBeNull();
    expect(sepaIban('TR330006100519786457841326')).toBeNull();
    // wrong length for the country, garbage
    expect(sepaIban('NL91ABNA041716430')).toBeNull();
    for (const garbage of [
      '',
      'hello',
      'NL91',
      '12345678901234567',
      'NL91ABNA0417164300NL91ABNA0417164300',
      'ÑL91ABNA0417164300',
      'NL91ABNA04171643OO',
    ])
      expect(sepaIban(garbage)).toBeNull();
    expect(maskIban('NL91ABNA0417164300')).toBe('NL** **** **** 4300');
    // the demo block list's IBAN (README) has a valid checksum
    expect(sepaIban('NL02ABNA0123456789')).toBe('NL02ABNA0123456789');
  });

  it('phones: a mobile number of the buyer country or in international form, stored as E.164', () => {
    expect(mobileE164('06 1234 5678', 'NL')).toBe('+31612345678');
    expect(mobileE164('0612345678', 'NL')).toBe('+31612345678');
    expect(mobileE164('+31 6 12345678', 'NL')).toBe('+31612345678');
    expect(mobileE164('0031612345678', 'NL')).toBe('+31612345678');
    expect(mobileE164('(06) 12-34-56-78', 'NL')).toBe('+31612345678');
    // international: another country's mobile; national: read in the buyer's country
    expect(mobileE164('+32 470 12 34 56', 'NL')).toBe('+32470123456');
    expect(mobileE164('0470 12 34 56', 'BE')).toBe('+32470123456');
    expect(mobileE164('+49 170 1234567', 'NL')).toBe('+491701234567');
    // a fixed line, an impossible mobile, too short, letters, an extension
    expect(mobileE164('020 123 4567', 'NL')).toBeNull();
    expect(mobileE164('+49 30 123456', 'DE')).toBeNull();
    expect(mobileE164('0699999999', 'NL')).toBeNull();
    expect(mobileE164('06123', 'NL')).toBeNull();
    expect(mobileE164('call me', 'NL')).toBeNull();
    expect(mobileE164('+31612345678 ext 5', 'NL')).toBeNull();
    expect(mobileE164('0470 12 34 56', 'NL')).toBeNull();
    expect(maskPhone('+31612345678')).toBe('+31 6 •••• ••78');
    expect(maskPhone('+491701234567')).toBe('+49 1 • •••• ••67');
  });
});

describe('POST /api/directdebit.php', () => {
  it('sends a 6-digit SMS code in the member language, keeps only its HMAC, answers the masked phone', async () => {
    const now = new Date('2031-03-01T12:00:00.000Z');
    clock.setNow(now);
    const { cookie, body: s } = await signup();
    const res = await requestDd(cookie, form({ phone: '06 1234 5678', iban: 'nl91 abna 0417 1643 00' }));
    expect(res.status).toBe(201);
    const answer = (await res.json()) as DirectDebitAnswer;
    expect(answer).toEqual({
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      phone: '+31 6 •••• ••78',
      expires_at: '2031-03-01T12:10:00.000Z',
      amount: 5995,
      currency: 'EUR',
      credits: 250,
    });
    const { sms, code } = await lastSms(s.user.id);
    expect(code).toMatch(/^\d{6}$/);
    expect(sms).toMatchObject({
      to_number: '+31612345678',
      kind: 'directdebit_code',
      text: `Je Vonkje-code is ${code}`,
      expires_at: '2031-03-01T12:10:00.000Z',
    });
    const row = await requestRow(answer.request_id);
    expect(row).toMatchObject({
      member_id: s.user.id,
      package: 'p2',
      amount: 5995,
      credits: 250,
      currency: 'EUR',
      country: 'NL',
      holder: 'Sam de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Damrak',
      house_number: '1A',
      zip: '1012 LG',
      city: 'Amsterdam',
      phone: '+31612345678',
      attempts: 0,
      used_at: null,
      payment_id: null,
    });
    // the code itself is nowhere in the request
    expect(row.otp_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // the development outbox shows it, as HTML and JSON
    const json = (await (await call(`${V}/dev/sms.json`)).json()) as { sms: { to: string; text: string }[] };
    expect(json.sms).toContainEqual(expect.objectContaining({ to: '+31612345678', text: `Je Vonkje-code is ${code}` }));
    expect(await (await call(`${V}/dev/sms`)).text()).toContain(`Je Vonkje-code is ${code}`);
    // nothing is paid or promised yet
    expect((await rowsOf(s.user.id)).payments).toBe(0);
  });

  it("the SMS speaks the member's language and names the member's site", async () => {
    const en = await signup();
    await env.DB.prepare("UPDATE members SET language = 'en' WHERE id = ?").bind(en.body.user.id).run();
    await requested(en.cookie);
    expect((await lastSms(en.body.user.id)).sms!.text).toMatch(/^Your Vonkje code is \d{6}$/);
    const de = await signup();
    await env.DB.prepare("UPDATE members SET language = 'de' WHERE id = ?").bind(de.body.user.id).run();
    await requested(de.cookie);
    expect((await lastSms(de.body.user.id)).sms!.text).toMatch(/^Dein Vonkje-Code lautet \d{6}$/);
  });

  it('bad inputs: 4xx with per-field issues, and nothing written', async () => {
    const { cookie, body: s } = await signup();
    const before = await rowsOf(s.user.id);
    const bad = async (body: unknown, status: number) => {
      const r = await read<Err>(await requestDd(cookie, body));
      expect(r.status, JSON.stringify(body)).toBe(status);
      return r.body;
    };
    // every field missing: each one is required
    const empty = await bad({ package: 'p2' }, 400);
    expect(empty.error).toBe('invalid_request');
    expect(empty.issues!.map((i) => i.path).sort()).toEqual(['account_holder', 'city', 'house_number', 'iban', 'phone', 'street', 'zip']);
    expect(empty.issues).toContainEqual({ path: 'street', message: 'Dit veld is verplicht.' });
    // an IBAN with a wrong checksum, a non-SEPA IBAN, a fixed-line phone: their own issues, localized
    expect((await bad(form({ iban: 'NL91ABNA0417164301' }), 400)).issues).toEqual([
      { path: 'iban', message: 'Vul een geldig IBAN in (een rekening in een SEPA-land).' },
    ]);
    expect((await bad(form({ iban: 'SA0380000000608010167519' }), 400)).issues).toEqual([{ path: 'iban', message: expect.any(String) }]);
    expect((await bad(form({ phone: '020 123 4567' }), 400)).issues).toEqual([
      { path: 'phone', message: 'Vul een geldig mobiel nummer in.' },
    ]);
    // a limit of the contract reads with its number (the zod error map)
    expect((await bad(form({ zip: '1234567890123' }), 400)).issues).toEqual([{ path: 'zip', message: 'Gebruik maximaal 12 tekens.' }]);
    expect((await bad(form({ iban: 'garbage', phone: 'x', city: '' }), 400)).issues!.map((i) => i.path).sort()).toEqual([
      'city',
      'iban',
      'phone',
    ]);
    // an unknown tier, unknown fields, a tampered amount, wrong types, not JSON
    expect((await bad(form({ package: 'p9' }), 404)).error).toBe('package_not_found');
    expect((await bad(form({ amount: 1 }), 400)).error).toBe('invalid_request');
    expect((await bad(form({ iban: 12345 }), 400)).error).toBe('invalid_request');
    expect((await bad('{not json', 400)).error).toBe('invalid_request');
    expect((await bad([form()], 400)).error).toBe('invalid_request');
    // an unknown discount code
    expect((await bad(form({ discount_code: 'NOPE' }), 404)).error).toBe('code_not_found');
    // visitors
    expect((await read<Err>(await requestDd(undefined, form()))).body.error).toBe('authentication_required');
    expect(await rowsOf(s.user.id)).toEqual(before);
    // none of it took one of the day's three forms
    for (let i = 0; i < 3; i++) await requested(cookie);
  });

  it('outside the euro: 400 method_unavailable, nothing written', async () => {
    const m = await signup('she-eng.localhost');
    await env.DB.prepare("UPDATE members SET country = 'GB' WHERE id = ?").bind(m.body.user.id).run();
    const r = await read<Err>(await requestDd(m.cookie, form({ phone: '+447700900123' }), ENG));
    expect(r).toMatchObject({ status: 400, body: { error: 'method_unavailable' } });
    expect(await rowsOf(m.body.user.id)).toEqual({ requests: 0, sms: 0, payments: 0, mandates: 0 });
  });

  it("a blocked IBAN or phone: 403 with the spec's text, however it is typed; no SMS", async () => {
    const { cookie, body: s } = await signup();
    const iban = freshIban();
    const phone = '+31687654321';
    await env.DB.batch([
      env.DB.prepare("INSERT INTO directdebit_blocks (kind, value, created_at) VALUES ('iban', ?, '2030-01-01T00:00:00.000Z')").bind(iban),
      env.DB.prepare(
        "INSERT OR IGNORE INTO directdebit_blocks (kind, value, created_at) VALUES ('phone', ?, '2030-01-01T00:00:00.000Z')",
      ).bind(phone),
    ]);
    const spaced = iban.toLowerCase().replace(/(.{4})/g, '$1 ');
    for (const body of [form({ iban }), form({ iban: spaced }), form({ phone: '06 8765 4321' }), form({ phone: '+31 687 654 321' })]) {
      const r = await read<Err>(await requestDd(cookie, body));
      expect(r).toEqual({
        status: 403,
        body: { error: 'directdebit_blocked', message: 'Je account is geblokkeerd voor automatische incasso.' },
      });
    }
    expect(await rowsOf(s.user.id)).toEqual({ requests: 0, sms: 0, payments: 0, mandates: 0 });
  });

  it('3 forms a day per member (429 directdebit_limit), again the next day', async () => {
    const t0 = new Date('2031-04-01T08:00:00.000Z');
    clock.setNow(t0);
    const { cookie, body: s } = await signup();
    for (let i = 0; i < 3; i++) await requested(cookie);
    const r = await read<Err>(await requestDd(cookie, form()));
    expect(r).toEqual({
      status: 429,
      body: {
        error: 'directdebit_limit',
        message: 'Je hebt vandaag al te vaak een automatische incasso aangevraagd. Probeer het morgen opnieuw.',
      },
    });
    expect((await rowsOf(s.user.id)).sms).toBe(3);
    // parallel forms cannot pass it together
    clock.setNow(new Date(t0.getTime() + 86_400_000));
    const statuses = await Promise.all(Array.from({ length: 6 }, () => requestDd(cookie, form()).then((x) => x.status)));
    expect(statuses.filter((x) => x === 201)).toHaveLength(3);
    expect(statuses.filter((x) => x === 429)).toHaveLength(3);
  });

  it('2 mandates a day per IBAN, over all members', async () => {
    const iban = freshIban();
    for (let i = 0; i < 2; i++) {
      const m = await signup();
      await directDebit(m.cookie, m.body.user.id, { iban });
    }
    const third = await signup();
    expect((await read<Err>(await requestDd(third.cookie, form({ iban })))).body.error).toBe('directdebit_limit');
    // another account of the third member is fine
    await requested(third.cookie);
  });
});

describe('POST /api/directdebit-confirm.php', () => {
  it('the right code: a mandate and a pending direct debit; the sim page settles it, paid grants once', async () => {
    const { cookie, body: s } = await signup();
    const memberId = s.user.id;
    const { answer, confirmed } = await directDebit(cookie, memberId, { iban: 'NL91ABNA0417164300' });
    expect(confirmed).toEqual({ payment_id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), package: 'p2' });
    const req = await requestRow(answer.request_id);
    expect(req).toMatchObject({ attempts: 1, used_at: expect.any(String), payment_id: confirmed.payment_id });
    expect(await mandatesOf(memberId)).toEqual([
      {
        method: 'directdebit',
        label: 'NL** **** **** 4300',
        status: 'valid',
        provider: 'sim',
        provider_customer_id: expect.stringMatching(/^simcst_/),
        provider_mandate_id: expect.stringMatching(/^simmdt_/),
      },
    ]);
    const p = await paymentRow(confirmed.payment_id);
    expect(p).toMatchObject({ status: 'pending', method: 'directdebit', amount: 5995, credits: 250, provider: 'sim' });
    const sim = await env.DB.prepare('SELECT status, method, sequence_type, mandate_id, redirect_url FROM dev_psp_payments WHERE id = ?')
      .bind(p.provider_payment_id)
      .first();
    expect(sim).toEqual({
      status: 'pending',
      method: 'directdebit',
      sequence_type: 'recurring',
      mandate_id: (await mandatesOf(memberId))[0]!.provider_mandate_id,
      redirect_url: `${V}/credits/p2/directdebit?payment=${confirmed.payment_id}`,
    });
    expect((await member(memberId)).credits).toBe(10);
    // the member follows it like any payment: pending ('being processed')
    const following = await read<PaymentAnswer>(await get(`${V}/api/payment.php?id=${confirmed.payment_id}`, cookie));
    expect(following.body.payment).toMatchObject({ status: 'pending', method: 'directdebit' });
    // the sim's page works for it (no bank choice); Pay calls the webhook and returns to the payment's screen
    const page = await (await call(`${V}/dev/psp/${p.provider_payment_id}`)).text();
    expect(page).toContain('<b>Method:</b> directdebit');
    expect(page).toContain('<b>Sequence:</b> recurring');
    const pay = await press(p.provider_payment_id, 'paid');
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${V}/credits/p2/directdebit?payment=${confirmed.payment_id}`);
    // replays and the member's poll grant nothing more
    await Promise.all([
      webhook(p.provider_payment_id),
      webhook(p.provider_payment_id),
      get(`${V}/api/payment.php?id=${confirmed.payment_id}`, cookie),
    ]);
    expect(await grants(memberId, confirmed.payment_id)).toBe(1);
    expect(await member(memberId)).toEqual({ credits: 260, paid_user: 1 });
  });

  it('a code is single use: a second confirm, even with the right code, is 410 otp_expired', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    expect((await confirmDd(cookie, { request_id: answer.request_id, otp: code })).status).toBe(201);
    const again = await read<Err>(await confirmDd(cookie, { request_id: answer.request_id, otp: code }));
    expect(again).toMatchObject({ status: 410, body: { error: 'otp_expired' } });
    expect((await rowsOf(s.user.id)).payments).toBe(1);
  });

  it('parallel confirms with the right code make one mandate and one payment', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, () => confirmDd(cookie, { request_id: answer.request_id, otp: code }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([201, 410, 410, 410]);
    expect(await rowsOf(s.user.id)).toMatchObject({ payments: 1, mandates: 1 });
  });

  it('expires after 10 minutes', async () => {
    const t0 = new Date('2031-05-01T10:00:00.000Z');
    clock.setNow(t0);
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    clock.setNow(new Date(t0.getTime() + 10 * 60_000));
    const late = await read<Err>(await confirmDd(cookie, { request_id: answer.request_id, otp: code }));
    expect(late).toEqual({
      status: 410,
      body: { error: 'otp_expired', message: 'Deze code is verlopen of te vaak fout ingevoerd. Vraag een nieuwe code aan.' },
    });
    expect(await rowsOf(s.user.id)).toMatchObject({ payments: 0, mandates: 0 });
    // just before, it would have worked: a new request, confirmed at 9:59
    clock.setNow(t0);
    const next = await requested(cookie);
    const fresh = (await lastSms(s.user.id)).code;
    clock.setNow(new Date(t0.getTime() + 10 * 60_000 - 1000));
    expect((await confirmDd(cookie, { request_id: next.request_id, otp: fresh })).status).toBe(201);
  });

  it("bound to its member: another member's request is 404 (and their tries are not taken), unknown ids too", async () => {
    const owner = await signup();
    const other = await signup();
    const answer = await requested(owner.cookie);
    const { code } = await lastSms(owner.body.user.id);
    for (const otp of [code, '000000']) {
      const r = await read<Err>(await confirmDd(other.cookie, { request_id: answer.request_id, otp }));
      expect(r).toMatchObject({ status: 404, body: { error: 'not_found_generic' } });
    }
    expect((await requestRow(answer.request_id)).attempts).toBe(0);
    expect((await read<Err>(await confirmDd(owner.cookie, { request_id: 'AAAAAAAAAAAAAAAAAAAAAAAA', otp: code }))).status).toBe(404);
    expect((await read<Err>(await confirmDd(undefined, { request_id: answer.request_id, otp: code }))).body.error).toBe(
      'authentication_required',
    );
    // the owner still confirms
    expect((await confirmDd(owner.cookie, { request_id: answer.request_id, otp: code })).status).toBe(201);
    expect((await rowsOf(other.body.user.id)).payments).toBe(0);
  });

  it("a wrong code: 400 'Code ongeldig', counted; after 5 wrong tries even the right code is refused", async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 5; i++) {
      const r = await read<Err>(await confirmDd(cookie, { request_id: answer.request_id, otp: wrong }));
      expect(r).toEqual({ status: 400, body: { error: 'otp_invalid', message: 'Code ongeldig' } });
      expect((await requestRow(answer.request_id)).attempts).toBe(i);
    }
    const right = await read<Err>(await confirmDd(cookie, { request_id: answer.request_id, otp: code }));
    expect(right).toMatchObject({ status: 410, body: { error: 'otp_expired' } });
    expect((await requestRow(answer.request_id)).attempts).toBe(5);
    expect(await rowsOf(s.user.id)).toMatchObject({ payments: 0, mandates: 0 });
    // malformed codes are 'Code ongeldig' too, without taking a try
    const second = await requested(cookie);
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      expect(await read<Err>(await confirmDd(cookie, { request_id: second.request_id, otp }))).toEqual({
        status: 400,
        body: { error: 'otp_invalid', message: 'Code ongeldig' },
      });
    }
    expect((await read<Err>(await confirmDd(cookie, { request_id: second.request_id }))).body.error).toBe('otp_invalid');
    expect((await read<Err>(await confirmDd(cookie, { request_id: second.request_id, otp: '123456', extra: 1 }))).body.error).toBe(
      'otp_invalid',
    );
    expect((await requestRow(second.request_id)).attempts).toBe(0);
  });

  it('parallel wrong guesses take at most 5 tries between them', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const statuses = await Promise.all(
      guesses.map((otp) => confirmDd(cookie, { request_id: answer.request_id, otp }).then((r) => r.status)),
    );
    expect(statuses.filter((x) => x === 400)).toHaveLength(5);
    expect(statuses.filter((x) => x === 410)).toHaveLength(15);
    expect((await requestRow(answer.request_id)).attempts).toBe(5);
    expect((await confirmDd(cookie, { request_id: answer.request_id, otp: code })).status).toBe(410);
  });

  it('4 wrong tries and then the right code still confirms', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie);
    const { code } = await lastSms(s.user.id);
    for (let i = 0; i < 4; i++) await confirmDd(cookie, { request_id: answer.request_id, otp: code === '111111' ? '222222' : '111111' });
    expect((await confirmDd(cookie, { request_id: answer.request_id, otp: code })).status).toBe(201);
  });

  it('a failed debit grants nothing; a returned debit (chargeback) takes the credits back once', async () => {
    const failed = await signup();
    const f = await directDebit(failed.cookie, failed.body.user.id);
    await press((await paymentRow(f.confirmed.payment_id)).provider_payment_id, 'failed');
    expect((await paymentRow(f.confirmed.payment_id)).status).toBe('failed');
    expect(await member(failed.body.user.id)).toEqual({ credits: 10, paid_user: 0 });

    const { cookie, body: s } = await signup();
    const { confirmed } = await directDebit(cookie, s.user.id);
    const simId = (await paymentRow(confirmed.payment_id)).provider_payment_id;
    await press(simId, 'paid');
    expect((await member(s.user.id)).credits).toBe(260);
    // the bank returns the debit: the provider reports it as a chargeback of the paid payment
    const returned = await press(simId, 'chargeback');
    expect(returned.status).toBe(303);
    await Promise.all([webhook(simId), webhook(simId)]);
    // the credits and premium go with it: it was the member's only purchase
    expect(await member(s.user.id)).toEqual({ credits: 10, paid_user: 0 });
    expect(await paymentRow(confirmed.payment_id)).toMatchObject({ status: 'paid', charged_back_amount: 5995 });
    const ledger = (
      await env.DB.prepare("SELECT delta, reason FROM credit_ledger WHERE member_id = ? AND ref LIKE 'chargeback:%'").bind(s.user.id).all()
    ).results;
    expect(ledger).toEqual([{ delta: -250, reason: 'chargeback' }]);
  });

  it('a discount code: priced at step 1, held with the payment at step 2, used when paid', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie, { discount_code: 'timebonus25' });
    expect(answer).toMatchObject({ amount: 4496, credits: 250 });
    expect(await count('SELECT count(*) n FROM discount_redemptions WHERE member_id = ?', s.user.id)).toBe(0);
    const { code } = await lastSms(s.user.id);
    const confirmed = (await (await confirmDd(cookie, { request_id: answer.request_id, otp: code })).json()) as DirectDebitConfirmAnswer;
    expect(await paymentRow(confirmed.payment_id)).toMatchObject({ amount: 4496, discount_code: 'TIMEBONUS25', status: 'pending' });
    const hold = () => env.DB.prepare('SELECT status, payment_id FROM discount_redemptions WHERE member_id = ?').bind(s.user.id).first();
    expect(await hold()).toEqual({ status: 'held', payment_id: confirmed.payment_id });
    await press((await paymentRow(confirmed.payment_id)).provider_payment_id, 'paid');
    expect(await hold()).toEqual({ status: 'used', payment_id: confirmed.payment_id });
    expect((await member(s.user.id)).credits).toBe(260);
  });

  it('a code used meanwhile (by a card payment) answers 409 code_used at step 2, no debit made', async () => {
    const { cookie, body: s } = await signup();
    const answer = await requested(cookie, { discount_code: 'TIMEBONUS25' });
    const card = await post(`${V}/api/payment.php`, { package: 'p0', method: 'creditcard', discount_code: 'TIMEBONUS25' }, cookie);
    expect(card.status).toBe(201);
    const { code } = await lastSms(s.user.id);
    expect((await read<Err>(await confirmDd(cookie, { request_id: answer.request_id, otp: code }))).body.error).toBe('code_used');
    expect(await rowsOf(s.user.id)).toMatchObject({ payments: 1, mandates: 0 });
  });

  it("erasure clears the account holder, IBAN, address and phone, the SMS and the mandates' labels, deletes the customer at the provider; the payment stays", async () => {
    const { cookie, body: s } = await signup();
    const { answer, confirmed } = await directDebit(cookie, s.user.id);
    const customer = await env.DB.prepare('SELECT customer_id FROM payment_customers WHERE member_id = ?')
      .bind(s.user.id)
      .first<{ customer_id: string }>();
    const atProvider = () => count('SELECT count(*) n FROM dev_psp_mandates WHERE customer_id = ?', customer!.customer_id);
    expect(await atProvider()).toBe(1);
    await db.batch((await paymentsFeature.erase!({ db, env, memberId: s.user.id })) as unknown as Parameters<typeof db.batch>[0]);
    expect(await requestRow(answer.request_id)).toMatchObject({
      holder: null,
      iban: null,
      street: null,
      house_number: null,
      zip: null,
      city: null,
      phone: null,
      amount: 5995,
    });
    expect(await rowsOf(s.user.id)).toEqual({ requests: 1, sms: 0, payments: 1, mandates: 1 });
    expect(await mandatesOf(s.user.id)).toEqual([expect.objectContaining({ label: '', status: 'revoked' })]);
    expect(await count('SELECT count(*) n FROM payment_customers WHERE member_id = ?', s.user.id)).toBe(0);
    // the customer is written down for deletion at the provider, which the provider-erasures job does
    expect(await atProvider()).toBe(1);
    expect(await eraseAtProviders({ db, env, now: new Date() })).toBeGreaterThanOrEqual(1);
    // the sim provider's record of the customer (its mandates) is gone too
    expect(await atProvider()).toBe(0);
    expect(
      await count('SELECT count(*) n FROM provider_erasures WHERE customer_id = ? AND done_at IS NOT NULL', customer!.customer_id),
    ).toBe(1);
    expect((await paymentRow(confirmed.payment_id)).status).toBe('pending');
  });

  it('the daily clean-up clears the bank data of requests never confirmed, a day after they expired', async () => {
    const t0 = new Date('2031-06-01T10:00:00.000Z');
    clock.setNow(t0);
    const { cookie, body: s } = await signup();
    const open = await requested(cookie);
    const { confirmed } = await directDebit(cookie, s.user.id);
    clock.setNow(new Date(t0.getTime() + 86_400_000 + 11 * 60_000));
    const res = await call(`${V}/dev/jobs/directdebit-cleanup`, { method: 'POST', headers: { 'request-type': 'client' } });
    expect(res.status).toBe(200);
    expect(await requestRow(open.request_id)).toMatchObject({ iban: null, holder: null, phone: null });
    const used = await env.DB.prepare('SELECT iban FROM directdebit_requests WHERE payment_id = ?')
      .bind(confirmed.payment_id)
      .first<{ iban: string }>();
    expect(used!.iban).toMatch(/^NL/);
  });
});

describe('mandates from card payments and repeat orders', () => {
  const repeat = (cookie: string | undefined) => get(`${V}/api/repeat-order.php`, cookie);
  const order = (cookie: string | undefined, body: unknown) => post(`${V}/api/repeat-order.php`, body, cookie);
  async function cardPaid(cookie: string, pkg = 'p2') {
    const res = await post(`${V}/api/payment.php`, { package: pkg, method: 'creditcard' }, cookie);
    const started = (await res.json()) as StartPaymentAnswer;
    await call(started.checkout_url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action: 'paid' }) });
    return started;
  }

  it('free members: 403 premium_required with the repeat-order text, nothing written', async () => {
    const { cookie, body: s } = await signup();
    const r = await read<Err>(await repeat(cookie));
    expect(r).toEqual({
      status: 403,
      body: {
        error: 'premium_required',
        message: 'Opnieuw bestellen kan alleen als premium lid. Je wordt premium met je eerste creditpakket.',
      },
    });
    expect((await read<Err>(await order(cookie, { package: 'p0' }))).status).toBe(403);
    expect((await read<Err>(await repeat(undefined))).body.error).toBe('authentication_required');
    expect(await rowsOf(s.user.id)).toEqual({ requests: 0, sms: 0, payments: 0, mandates: 0 });
  });

  it('a premium member without a mandate: mandate null and the last package; ordering is 404 no_mandate', async () => {
    const { cookie, body: s } = await signup();
    const ideal = (await (await post(`${V}/api/payment.php`, { package: 'p1', method: 'ideal' }, cookie)).json()) as StartPaymentAnswer;
    await call(ideal.checkout_url, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action: 'paid' }) });
    expect((await read<RepeatOrderAnswer>(await repeat(cookie))).body).toEqual({ mandate: null, last_package: 'p1' });
    const r = await read<Err>(await order(cookie, { package: 'p1' }));
    expect(r).toMatchObject({ status: 404, body: { error: 'no_mandate' } });
    expect((await rowsOf(s.user.id)).payments).toBe(1);
  });

  it('a paid card payment leaves a card mandate (•••• 4242); a card repeat order is paid at once and grants once', async () => {
    const { cookie, body: s } = await signup();
    const first = await cardPaid(cookie);
    // the sim payment was started as the first of a sequence for the member's customer
    const simFirst = await env.DB.prepare('SELECT customer_id, sequence_type, mandate_id FROM dev_psp_payments WHERE reference = ?')
      .bind(first.payment_id)
      .first<{ customer_id: string; sequence_type: string; mandate_id: string }>();
    expect(simFirst).toMatchObject({
      customer_id: expect.stringMatching(/^simcst_/),
      sequence_type: 'first',
      mandate_id: expect.stringMatching(/^simmdt_/),
    });
    expect(await mandatesOf(s.user.id)).toEqual([
      {
        method: 'creditcard',
        label: '•••• 4242',
        status: 'valid',
        provider: 'sim',
        provider_customer_id: simFirst!.customer_id,
        provider_mandate_id: simFirst!.mandate_id,
      },
    ]);
    // replayed webhooks save it once
    await Promise.all([webhook(simFirst!.mandate_id.replace('simmdt_', 'sim_')), webhook(simFirst!.mandate_id.replace('simmdt_', 'sim_'))]);
    expect(await mandatesOf(s.user.id)).toHaveLength(1);
    const saved = await read<RepeatOrderAnswer>(await repeat(cookie));
    expect(saved.body).toEqual({
      mandate: { id: expect.stringMatching(/^MD[0-9A-F]{24}$/), method: 'creditcard', label: '•••• 4242', created_at: expect.any(String) },
      last_package: 'p2',
    });

    const res = await order(cookie, { package: 'p0' });
    expect(res.status).toBe(201);
    const started = (await res.json()) as RepeatOrderStartAnswer;
    expect(started).toEqual({ payment_id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), package: 'p0', method: 'creditcard' });
    // paid before the answer: no page, no webhook needed
    expect(await paymentRow(started.payment_id)).toMatchObject({ status: 'paid', method: 'creditcard', amount: 1495, credits: 50 });
    expect(await member(s.user.id)).toEqual({ credits: 310, paid_user: 1 });
    const sim = await env.DB.prepare('SELECT sequence_type, mandate_id, customer_id FROM dev_psp_payments WHERE reference = ?')
      .bind(started.payment_id)
      .first();
    expect(sim).toEqual({ sequence_type: 'recurring', mandate_id: simFirst!.mandate_id, customer_id: simFirst!.customer_id });
    await webhook((await paymentRow(started.payment_id)).provider_payment_id);
    expect(await grants(s.user.id, started.payment_id)).toBe(1);
    expect((await read<PaymentAnswer>(await get(`${V}/api/payment.php?id=${started.payment_id}`, cookie))).body.payment).toMatchObject({
      status: 'paid',
      method: 'creditcard',
    });
    expect((await read<RepeatOrderAnswer>(await repeat(cookie))).body.last_package).toBe('p0');
    // no second mandate from the repeat order
    expect(await mandatesOf(s.user.id)).toHaveLength(1);
    // a card payment started again uses the same customer
    await cardPaid(cookie, 'p1');
    expect(await count('SELECT count(*) n FROM payment_customers WHERE member_id = ?', s.user.id)).toBe(1);
    expect(await mandatesOf(s.user.id)).toHaveLength(2);
  });

  it('with a direct-debit mandate: the repeat order is a pending debit the sim page settles', async () => {
    const { cookie, body: s } = await signup();
    const { confirmed } = await directDebit(cookie, s.user.id, { iban: 'DE89370400440532013000', package: 'p3' });
    await press((await paymentRow(confirmed.payment_id)).provider_payment_id, 'paid');
    expect(await member(s.user.id)).toEqual({ credits: 510, paid_user: 1 });
    expect((await read<RepeatOrderAnswer>(await repeat(cookie))).body).toMatchObject({
      mandate: { method: 'directdebit', label: 'DE** **** **** 3000' },
      last_package: 'p3',
    });
    const started = (await (await order(cookie, { package: 'p1' })).json()) as RepeatOrderStartAnswer;
    expect(started).toMatchObject({ package: 'p1', method: 'directdebit' });
    const p = await paymentRow(started.payment_id);
    expect(p).toMatchObject({ status: 'pending', method: 'directdebit', amount: 2995 });
    expect((await member(s.user.id)).credits).toBe(510);
    await press(p.provider_payment_id, 'paid');
    expect(await member(s.user.id)).toEqual({ credits: 630, paid_user: 1 });
    expect(await grants(s.user.id, started.payment_id)).toBe(1);
  });

  it('bad inputs: 4xx, nothing written', async () => {
    const { cookie, body: s } = await signup();
    await cardPaid(cookie);
    const before = await rowsOf(s.user.id);
    expect((await read<Err>(await order(cookie, { package: 'p7' }))).body.error).toBe('package_not_found');
    expect((await read<Err>(await order(cookie, {}))).body.error).toBe('package_not_found');
    expect((await read<Err>(await order(cookie, { package: 'p1', amount: 1 }))).body.error).toBe('invalid_request');
    expect((await read<Err>(await order(cookie, 'nope'))).body.error).toBe('invalid_request');
    expect(await rowsOf(s.user.id)).toEqual(before);
  });
});
