import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { grant, ledgerOf, refund, spend, withCredits } from '../../worker/domain/credits';
import { getDb } from '../../worker/lib/db';
import { AppError } from '../../worker/lib/errors';
import { rateLimits } from '../../worker/db/schema';
import { signup } from './account-helpers';

const db = getDb(env.DB);
const balance = async (id: number) =>
  (await env.DB.prepare('SELECT credits FROM members WHERE id = ?').bind(id).first<{ credits: number }>())!.credits;
const at = new Date('2030-05-01T12:00:00Z');

describe('the credit ledger', () => {
  it('grants with a ledger row in the same batch; a retry with the same ref changes nothing', async () => {
    const { body } = await signup(); // 10 signup credits, through the ledger
    const id = body.user.id;
    await db.batch([...grant(db, { memberId: id, amount: 25, reason: 'purchase', ref: 'order:1', at })]);
    await db.batch([...grant(db, { memberId: id, amount: 25, reason: 'purchase', ref: 'order:1', at })]);
    expect(await balance(id)).toBe(35);
    const ledger = await ledgerOf(db, id);
    expect(ledger.map((r) => [r.delta, r.balanceAfter, r.reason, r.ref])).toEqual([
      [25, 35, 'purchase', 'order:1'],
      [10, 10, 'signup_bonus', 'signup'],
    ]);
  });

  it('never goes below zero: a spend too large fails the whole batch, its effect included', async () => {
    const { body } = await signup();
    const id = body.user.id;
    const effect = db.insert(rateLimits).values({ key: `effect:${id}`, windowStart: at.toISOString(), count: 1 });
    await expect(
      withCredits(() => db.batch([...spend(db, { memberId: id, amount: 11, reason: 'message', ref: 'msg:1', at }), effect])),
    ).rejects.toMatchObject(new AppError('insufficient_credits', 402));
    expect(await balance(id)).toBe(10);
    expect(await ledgerOf(db, id)).toHaveLength(1);
    expect(await env.DB.prepare('SELECT count(*) n FROM rate_limits WHERE key = ?').bind(`effect:${id}`).first('n')).toBe(0);
  });

  it('spends exactly under concurrency: never more than the balance, one ledger row per spend', async () => {
    const { body } = await signup();
    const id = body.user.id;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        withCredits(() => db.batch([...spend(db, { memberId: id, amount: 3, reason: 'message', ref: `msg:${i}`, at })])),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof AppError)).toBe(true);
    expect(await balance(id)).toBe(1);
    const ledger = await ledgerOf(db, id);
    expect(ledger).toHaveLength(4);
    expect(ledger.reduce((sum, r) => sum + r.delta, 0)).toBe(1);
    expect(new Set(ledger.map((r) => r.balanceAfter))).toEqual(new Set([10, 7, 4, 1]));
  });

  it('a spend retried with its ref is charged once; a refund comes back once', async () => {
    const { body } = await signup();
    const id = body.user.id;
    const message = () => db.batch([...spend(db, { memberId: id, amount: 4, reason: 'message', ref: 'msg:retry', at })]);
    await Promise.all([message(), message(), message()]);
    expect(await balance(id)).toBe(6);
    const back = () => db.batch([...refund(db, { memberId: id, amount: 4, reason: 'refund', ref: 'refund:msg:retry', at })]);
    await back();
    await back();
    expect(await balance(id)).toBe(10);
    expect((await ledgerOf(db, id)).map((r) => r.delta)).toEqual([4, -4, 10]);
  });

  it('refuses amounts that are not whole credits before touching the database', () => {
    expect(() => grant(db, { memberId: 1, amount: 1.5, reason: 'x', ref: 'x', at })).toThrow();
    expect(() => spend(db, { memberId: 1, amount: 0, reason: 'x', ref: 'x', at })).toThrow();
  });
});
