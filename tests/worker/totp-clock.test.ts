import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { DEV_TOTP_AT_HEADER, totpCode } from '../../worker/lib/totp';
import { H } from './account-helpers';
import { makeOperator, type TestOperator } from './operator-helpers';

/**
 * The e2e suite's TOTP clock: a development worker checks an operator's code at the moment the
 * request names (DEV_TOTP_AT_HEADER), so a second login takes a later step at once; any other
 * environment ignores the header and checks the code at its own time.
 */
const HOUR = 3_600_000;

async function login(op: TestOperator, code: string, at: number, bindings: typeof env, host: string) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`http://${host}/api/operator/login.php`, {
      method: 'POST',
      body: JSON.stringify({ email: op.email, password: op.password, code }),
      headers: { ...H, [DEV_TOTP_AT_HEADER]: String(at) },
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res.status;
}

describe('development', () => {
  const dev = { ...env, ENVIRONMENT: 'development' };
  it('checks the code at the named moment: a later named step logs in again at once, a replayed one does not', async () => {
    const op = await makeOperator();
    const first = Date.now() + HOUR;
    expect(await login(op, totpCode(op.secret, new Date(first)), first, dev, 'operator.localhost')).toBe(200);
    expect(await login(op, totpCode(op.secret, new Date(first)), first, dev, 'operator.localhost')).toBe(401);
    const next = first + 30_000;
    expect(await login(op, totpCode(op.secret, new Date(next)), next, dev, 'operator.localhost')).toBe(200);
  });

  it("a code of the worker's own time is refused when another moment is named", async () => {
    const op = await makeOperator();
    expect(await login(op, totpCode(op.secret), Date.now() + HOUR, dev, 'operator.localhost')).toBe(401);
  });
});

describe('production', () => {
  const production = { ...env, ENVIRONMENT: 'production', OPERATOR_HOSTS: 'operator.vonkmedia.test' };
  it('ignores the header: a code of the named moment is refused, a code of its own time accepted', async () => {
    const op = await makeOperator();
    const later = Date.now() + HOUR;
    expect(await login(op, totpCode(op.secret, new Date(later)), later, production, 'operator.vonkmedia.test')).toBe(401);
    expect(await login(op, totpCode(op.secret), later, production, 'operator.vonkmedia.test')).toBe(200);
  });
});
