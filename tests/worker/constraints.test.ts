import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CHECKS, constraintOf, failedCheck, failedOn, UNIQUES } from '../../worker/lib/db';
import { signup, uniqueEmail } from './account-helpers';

/** The error real D1 throws for a statement (null when it ran). */
const errorOf = async (sql: string, ...args: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...args)
    .run()
    .then(
      () => null,
      (error: unknown) => error,
    );

describe('constraint failures, mapped once (lib/db constraintOf)', () => {
  it('names the CHECK and the UNIQUE that real D1 refuses, and nothing else', async () => {
    const a = await signup();
    const b = await signup();
    const overdraw = await errorOf('UPDATE members SET credits = -1 WHERE id = ?', a.body.user.id);
    expect(constraintOf(overdraw)).toEqual({ kind: 'check', name: CHECKS.credits, table: null });
    expect(failedCheck(overdraw, CHECKS.credits)).toBe(true);
    expect(failedCheck(overdraw, CHECKS.freeMessages)).toBe(false);
    const twin = await errorOf('UPDATE members SET email = ? WHERE id = ?', a.email, b.body.user.id);
    expect(constraintOf(twin)).toEqual({ kind: 'unique', name: UNIQUES.memberEmail, table: 'members' });
    expect(failedOn(twin, 'unique', UNIQUES.memberEmail)).toBe(true);
    expect(constraintOf(await errorOf('SELECT nonsense FROM members'))).toBeNull();
    expect(constraintOf(new Error('network'))).toBeNull();
  });

  it('parallel signups with one address: one member, the others told the address is taken (400, never 500)', async () => {
    const email = uniqueEmail('twin');
    const results = await Promise.all(Array.from({ length: 4 }, () => signup('vonkje.localhost', { email })));
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s < 300)).toHaveLength(1);
    for (const r of results.filter((x) => x.res.status >= 400)) {
      expect(r.res.status).toBe(400);
      expect(r.body.issues?.[0]?.path).toBe('email');
    }
    const { n } = (await env.DB.prepare('SELECT count(*) AS n FROM members WHERE email = ?').bind(email).first<{ n: number }>())!;
    expect(n).toBe(1);
  });
});
