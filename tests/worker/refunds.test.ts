import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { PaymentAnswer, StartPaymentAnswer, TransactionAnswer, TransactionsAnswer } from '../../worker/contracts/payments';
import { spend } from '../../worker/domain/credits';
import { getDb } from '../../worker/lib/db';
import { addSimReversal } from '../../worker/lib/payments/sim';
import { activeMember, count, get, post, signup } from './account-helpers';
import { call } from './helpers';

/**
 * Refunds and chargebacks through the sim provider: its checkout page refunds or charges back a
 * paid payment and calls the same webhook; the credits come back out proportionally, once per
 * refund or chargeback, never below zero.
 */
const V = 'http://vonkje.localhost';
const db = getDb(env.DB);

const balance = async (id: number) =>
  (await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(id).first<{ credits: number }>())!.credits;
const paymentRow = async (id: string) =>
  (await env.DB.prepare('SELECT status, refunded_amount, charged_back_amount, provider_payment_id FROM payments WHERE id = ?')
    .bind(id)
    .first<{
      status: string;
      refunded_amount: number;
      charged_back_amount: number;
      provider_payment_id: string;
    }>())!;
const reversals = async (paymentId: string) =>
  (
    await env.DB.prepare(
      'SELECT kind, ref, amount, credits, taken, shortfall FROM payment_reversals WHERE payment_id = ? ORDER BY created_at, ref',
    )
      .bind(paymentId)
      .all()
  ).results;
const ledgerRows = async (memberId: number, prefix: string) =>
  (
    await env.DB.prepare(
      "SELECT delta, balance_after, reason, ref FROM credit_ledger WHERE member_id = ? AND ref LIKE ? || '%' ORDER BY id",
    )
      .bind(memberId, prefix)
      .all()
  ).results;

async function paid(cookie: string, body: Record<string, unknown> = { package: 'p2', method: 'ideal' }) {
  const res = await post(`${V}/api/payment.php`, body, cookie);
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
  const answer = (await res.json()) as StartPaymentAnswer;
  await press(answer.checkout_url, 'paid');
  return answer;
}
/** A form on the sim's checkout page, as the browser posts it. */
const press = (checkoutUrl: string, action: string, fields: Record<string, string> = {}) =>
  call(checkoutUrl, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ action, ...fields }) });
const webhook = (providerPaymentId: string) =>
  call(`${V}/hooks/payments/sim`, { method: 'POST', body: new URLSearchParams({ id: providerPaymentId }) });

describe('refunds and chargebacks (sim provider)', () => {
  it('a full refund takes all the package’s credits back; the payment stays paid', async () => {
    const { cookie, body: s } = await signup();
    const p = await paid(cookie);
    expect(await balance(s.user.id)).toBe(260);
    const page = await (await call(p.checkout_url)).text();
    expect(page).toContain('>Refund</button>');
    expect(page).toContain('>Chargeback</button>');
    const res = await press(p.checkout_url, 'refund');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(new URL(p.checkout_url).pathname);
    expect(await balance(s.user.id)).toBe(10);
    const row = await paymentRow(p.payment_id);
    expect(row).toMatchObject({ status: 'paid', refunded_amount: 5995, charged_back_amount: 0 });
    const [refund] = await ledgerRows(s.user.id, 'refund:');
    expect(refund).toEqual({
      delta: -250,
      balance_after: 10,
      reason: 'refund',
      ref: expect.stringMatching(/^refund:simre_[A-Za-z0-9_-]{16}$/),
    });
    expect(await reversals(p.payment_id)).toEqual([
      { kind: 'refund', ref: refund!.ref, amount: 5995, credits: 250, taken: 250, shortfall: 0 },
    ]);
    // the member's view: the payment stays paid, but premium went with the only purchase
    const back = (await (await get(`${V}/api/payment.php?id=${p.payment_id}`, cookie)).json()) as PaymentAnswer;
    expect(back.payment.status).toBe('paid');
    expect(back.user).toMatchObject({ credits: 10, paid_user: false });
    // nothing is left to refund
    expect((await press(p.checkout_url, 'refund')).status).toBe(409);
    expect((await press(p.checkout_url, 'chargeback')).status).toBe(409);
    expect(await balance(s.user.id)).toBe(10);
  });

  it('partial refunds take their share, and shares that add up to the whole take exactly the credits', async () => {
    const { cookie, body: s } = await signup();
    // p1: 120 credits for €29.95
    const p = await paid(cookie, { package: 'p1', method: 'creditcard' });
    expect(await balance(s.user.id)).toBe(130);
    await press(p.checkout_url, 'refund', { amount: '1000' });
    expect(await balance(s.user.id)).toBe(90); // 120 × 10.00 / 29.95 = 40.07
    expect((await paymentRow(p.payment_id)).refunded_amount).toBe(1000);
    await press(p.checkout_url, 'refund', { amount: '1000' });
    expect(await balance(s.user.id)).toBe(50); // 80 after €20.00, 40 more
    await press(p.checkout_url, 'refund', { amount: '995' });
    expect(await balance(s.user.id)).toBe(10); // the whole €29.95: all 120
    expect((await ledgerRows(s.user.id, 'refund:')).map((r) => (r as { delta: number }).delta)).toEqual([-40, -40, -40]);
    expect(((await reversals(p.payment_id)) as { credits: number }[]).reduce((sum, r) => sum + r.credits, 0)).toBe(120);
    expect(await paymentRow(p.payment_id)).toMatchObject({ status: 'paid', refunded_amount: 2995 });
    // a refund of more than is left, of nothing, or not a whole number is refused by the sim
    const q = await paid(cookie, { package: 'p0', method: 'paypal' });
    expect((await press(q.checkout_url, 'refund', { amount: '1496' })).status).toBe(409);
    for (const amount of ['0', '-5', '1.5', 'abc']) expect((await press(q.checkout_url, 'refund', { amount })).status).toBe(400);
    expect((await paymentRow(q.payment_id)).refunded_amount).toBe(0);
    // an open payment cannot be refunded
    const open = (await (await post(`${V}/api/payment.php`, { package: 'p0', method: 'ideal' }, cookie)).json()) as StartPaymentAnswer;
    expect((await press(open.checkout_url, 'refund')).status).toBe(409);
    expect((await call(open.checkout_url).then((r) => r.text())).includes('>Refund</button>')).toBe(false);
  });

  it('a chargeback after the credits were spent: the balance stays at zero and the shortfall is recorded', async () => {
    const m = await activeMember();
    // p0: 50 credits; 40 of the 60 spent
    const p = await paid(m.cookie, { package: 'p0', method: 'creditcard' });
    const at = new Date();
    await db.batch([...spend(db, { memberId: m.id, amount: 40, reason: 'message_text', ref: `message:cb-${m.id}-1`, at })]);
    expect(await balance(m.id)).toBe(20);
    expect((await press(p.checkout_url, 'chargeback')).status).toBe(303);
    expect(await balance(m.id)).toBe(0);
    const [cb] = await ledgerRows(m.id, 'chargeback:');
    expect(cb).toEqual({ delta: -20, balance_after: 0, reason: 'chargeback', ref: expect.stringMatching(/^chargeback:simchb_/) });
    expect(await reversals(p.payment_id)).toEqual([
      { kind: 'chargeback', ref: cb!.ref, amount: 1495, credits: 50, taken: 20, shortfall: 30 },
    ]);
    expect(await paymentRow(p.payment_id)).toMatchObject({ status: 'paid', charged_back_amount: 1495, refunded_amount: 0 });

    // everything spent (balance 0): nothing can be taken, all of it is the shortfall, no ledger row moves nothing
    const q = await paid(m.cookie, { package: 'p0', method: 'creditcard' });
    await db.batch([...spend(db, { memberId: m.id, amount: 50, reason: 'message_text', ref: `message:cb-${m.id}-2`, at })]);
    expect(await balance(m.id)).toBe(0);
    expect((await press(q.checkout_url, 'chargeback')).status).toBe(303);
    expect(await balance(m.id)).toBe(0);
    expect(await reversals(q.payment_id)).toEqual([expect.objectContaining({ kind: 'chargeback', credits: 50, taken: 0, shortfall: 50 })]);
    expect(await ledgerRows(m.id, 'chargeback:')).toHaveLength(1);
    // credits bought afterwards are not taken by a replay: the chargeback happened once
    await paid(m.cookie, { package: 'p0', method: 'paypal' });
    expect(await balance(m.id)).toBe(50);
    for (let i = 0; i < 3; i++) expect((await webhook((await paymentRow(q.payment_id)).provider_payment_id)).status).toBe(200);
    expect(await balance(m.id)).toBe(50);
    expect(await count('SELECT count(*) n FROM payment_reversals WHERE member_id = ?', m.id)).toBe(2);
  });

  it('10 replayed webhooks in parallel give one ledger row per refund, even when the paid status arrives with them', async () => {
    const { cookie, body: s } = await signup();
    const res = await post(`${V}/api/payment.php`, { package: 'p2', method: 'ideal' }, cookie);
    const p = (await res.json()) as StartPaymentAnswer;
    const pid = (await paymentRow(p.payment_id)).provider_payment_id;
    // the provider has the money and has already refunded twice; its webhooks arrive together
    await env.DB.prepare("UPDATE dev_psp_payments SET status = 'paid' WHERE id = ?").bind(pid).run();
    const first = await addSimReversal(db, pid, 'refund', 2000);
    const second = await addSimReversal(db, pid, 'refund', 1000);
    expect(first && second).toBeTruthy();
    const statuses = await Promise.all(Array.from({ length: 10 }, () => webhook(pid).then((r) => r.status)));
    expect(statuses.every((st) => st === 200)).toBe(true);
    expect(await count('SELECT count(*) n FROM credit_ledger WHERE member_id = ? AND ref = ?', s.user.id, `payment:${p.payment_id}`)).toBe(
      1,
    );
    const rows = await ledgerRows(s.user.id, 'refund:');
    expect(rows.map((r) => (r as { ref: string }).ref).sort()).toEqual([`refund:${first}`, `refund:${second}`].sort());
    // €20.00 and €10.00 of €59.95: 83 and then 42 more (125 for €30.00)
    expect(((await reversals(p.payment_id)) as { credits: number }[]).reduce((sum, r) => sum + r.credits, 0)).toBe(125);
    expect(await balance(s.user.id)).toBe(10 + 250 - 125);
    expect(await paymentRow(p.payment_id)).toMatchObject({ status: 'paid', refunded_amount: 3000 });
    // and again, with a chargeback of the rest racing its replays
    const third = await addSimReversal(db, pid, 'chargeback', null);
    await Promise.all(Array.from({ length: 10 }, () => webhook(pid)));
    expect(await ledgerRows(s.user.id, 'chargeback:')).toEqual([
      { delta: -125, balance_after: 10, reason: 'chargeback', ref: `chargeback:${third}` },
    ]);
    expect(await count('SELECT count(*) n FROM payment_reversals WHERE payment_id = ?', p.payment_id)).toBe(3);
    expect(await balance(s.user.id)).toBe(10);
  });

  it('a lost webhook (the sim page’s webhook=skip): nothing is settled until the provider’s next call', async () => {
    const { cookie, body: s } = await signup();
    const p = (await (await post(`${V}/api/payment.php`, { package: 'p0', method: 'ideal' }, cookie)).json()) as StartPaymentAnswer;
    expect((await call(p.checkout_url).then((r) => r.text())).includes('name="webhook" value="skip"')).toBe(true);
    expect((await press(p.checkout_url, 'paid', { webhook: 'skip' })).status).toBe(303);
    expect((await paymentRow(p.payment_id)).status).toBe('open');
    expect(await balance(s.user.id)).toBe(10);
    expect((await webhook((await paymentRow(p.payment_id)).provider_payment_id)).status).toBe(200);
    expect((await paymentRow(p.payment_id)).status).toBe('paid');
    expect(await balance(s.user.id)).toBe(60);
  });

  it('transactions show the refund and the chargeback with their payment', async () => {
    const m = await activeMember();
    const p = await paid(m.cookie, { package: 'p1', method: 'paypal' });
    await press(p.checkout_url, 'refund', { amount: '1000' });
    await press(p.checkout_url, 'chargeback');
    const list = (await (await get(`${V}/api/transactions.php`, m.cookie)).json()) as TransactionsAnswer;
    expect(list.transactions.map((t) => [t.kind, t.reason, t.credits, t.balance_after])).toEqual([
      ['chargeback', 'chargeback', -80, 10],
      ['refund', 'refund', -40, 90],
      ['purchase', 'purchase', 120, 130],
      ['bonus', 'signup_bonus', 10, 10],
    ]);
    const payment = { payment_id: p.payment_id, package: 'p1', amount: 2995, currency: 'EUR', method: 'paypal' };
    expect(list.transactions.slice(0, 3).map((t) => t.payment)).toEqual([payment, payment, payment]);
    expect(list.transactions[3]!.payment).toBeNull();
    const refund = (await (await get(`${V}/api/transactions.php?id=${list.transactions[1]!.id}`, m.cookie)).json()) as TransactionAnswer;
    expect(refund.transaction).toEqual(list.transactions[1]);
    // a receipt is for the purchase only
    expect(refund.receipt).toBeNull();
    // another member sees none of it
    const other = await signup();
    expect((await get(`${V}/api/transactions.php?id=${list.transactions[1]!.id}`, other.cookie)).status).toBe(404);
  });

  it('premium follows the paid purchases that remain: a full refund or chargeback of the only one ends it, of one of two keeps it', async () => {
    const premium = async (cookie: string) =>
      ((await (await get(`${V}/api/user.php`, cookie)).json()) as { user: { paid_user: boolean } }).user;
    // the only purchase charged back: premium ends with it (and what premium gives: the repeat order, the unlocked free counters)
    const a = await activeMember();
    const only = await paid(a.cookie, { package: 'p0', method: 'creditcard' });
    expect((await premium(a.cookie)).paid_user).toBe(true);
    expect((await press(only.checkout_url, 'chargeback')).status).toBe(303);
    expect((await premium(a.cookie)).paid_user).toBe(false);
    expect((await post(`${V}/api/repeat-order.php`, { package: 'p0' }, a.cookie)).status).toBe(403);
    // a replayed webhook changes nothing
    expect((await webhook((await paymentRow(only.payment_id)).provider_payment_id)).status).toBe(200);
    expect((await premium(a.cookie)).paid_user).toBe(false);
    // buying again makes the member premium again, and that payment says so
    const again = await paid(a.cookie, { package: 'p0', method: 'paypal' });
    expect((await premium(a.cookie)).paid_user).toBe(true);
    expect(
      ((await (await get(`${V}/api/payment.php?id=${again.payment_id}`, a.cookie)).json()) as PaymentAnswer).payment.made_premium,
    ).toBe(true);

    // two purchases, one wholly refunded: the other keeps premium; a partial refund of the other keeps it too
    const { cookie } = await signup();
    const first = await paid(cookie, { package: 'p0', method: 'ideal' });
    const second = await paid(cookie, { package: 'p1', method: 'ideal' });
    expect((await press(first.checkout_url, 'refund')).status).toBe(303);
    expect((await premium(cookie)).paid_user).toBe(true);
    expect((await press(second.checkout_url, 'refund', { amount: '1000' })).status).toBe(303);
    expect((await premium(cookie)).paid_user).toBe(true);
    // the rest of the second charged back: no paid purchase remains
    expect((await press(second.checkout_url, 'chargeback')).status).toBe(303);
    expect((await premium(cookie)).paid_user).toBe(false);
  });
});
