import { env } from 'cloudflare:workers';
import { cookieFrom, H, uniqueEmail } from './account-helpers';
import { call } from './helpers';
import { clock } from '../../worker/lib/clock';
import { hashPassword } from '../../worker/lib/crypto';
import { newTotpSecret, totpCode } from '../../worker/lib/totp';

/** The operators' host of the test bindings (wrangler.toml OPERATOR_HOSTS); the API answers there only. */
export const OP = 'http://operator.localhost';
export type TestOperator = { id: number; email: string; password: string; secret: string; companyId: number };

/** An operator straight in D1 (the way the seed makes the development admin). */
export async function makeOperator(role: 'admin' | 'moderator' | 'chat' = 'admin', companyId = 1): Promise<TestOperator> {
  const email = uniqueEmail('operator');
  const password = 'operator-pass-1';
  const secret = newTotpSecret();
  const row = await env.DB.prepare(
    'INSERT INTO operators (company_id, email, name, role, password_hash, totp_secret, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(companyId, email, `Op ${role}`, role, await hashPassword(password, env.PASSWORD_PEPPER), secret, new Date().toISOString())
    .first<{ id: number }>();
  return { id: row!.id, email, password, secret, companyId };
}

/** POST login.php with the code of the clock's now unless another is given. */
export const operatorLogin = (op: TestOperator, opts: { code?: string; password?: string; ip?: string; device?: string } = {}) =>
  call(`${OP}/api/operator/login.php`, {
    method: 'POST',
    body: JSON.stringify({ email: op.email, password: opts.password ?? op.password, code: opts.code ?? totpCode(op.secret, clock.now()) }),
    headers: { ...H, ...(opts.ip ? { 'cf-connecting-ip': opts.ip } : {}), ...(opts.device ? { cookie: `odid=${opts.device}` } : {}) },
  });

/** A logged-in operator of this role and company: the operator and the `osid` cookie's value. */
export async function operatorSession(role: 'admin' | 'moderator' | 'chat' = 'admin', companyId = 1) {
  const op = await makeOperator(role, companyId);
  const res = await operatorLogin(op);
  if (res.status !== 200) throw new Error(`operator login failed: ${res.status} ${await res.text()}`);
  return { ...op, cookie: cookieFrom(res, 'osid')! };
}

/** A call of the operators' API with an operator's cookie (JSON body unless GET). */
export const opCall = (path: string, cookie: string | null, body?: unknown, method = body === undefined ? 'GET' : 'POST', host = OP) =>
  call(`${host}/api/operator/${path}`, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { ...H, ...(cookie ? { cookie: `osid=${cookie}` } : {}) },
  });

/** Opens a set-up link as the operator does: a secret offered, then the chosen password and a code of it. Answers the secret and the logged-in cookie. */
export async function completeSetup(setupUrl: string, password: string, at = clock.now()) {
  const token = setupUrl.split('#')[1]!;
  const start = await opCall('setup-start.php', null, { token });
  if (start.status !== 200) throw new Error(`setup-start failed: ${start.status} ${await start.text()}`);
  const { secret } = (await start.json()) as { secret: string };
  const res = await opCall('setup.php', null, { token, password, code: totpCode(secret, at) });
  if (res.status !== 200) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
  return { secret, cookie: cookieFrom(res, 'osid')!, token };
}
