import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { signup } from './account-helpers';

/**
 * What a deployed worker writes to Workers Logs: one structured line per request, an unknown
 * error with the request id its answer names, and nothing a member would not want in a log.
 */
const deployed = (environment = 'production') => ({ ...env, ENVIRONMENT: environment, OPERATOR_HOSTS: 'operator.vonkmedia.test' });
async function through(url: string, init: RequestInit = {}, bindings: Partial<typeof env> = deployed()) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, init), { ...env, ...bindings }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const linesOf = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

afterEach(() => vi.restoreAllMocks());

describe('request logs', () => {
  it('one JSON line per request: request id (the Ray ID), site, method, the route as registered, status, duration', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await through('https://vonkje.nl/api/settings.php', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-AMS' } });
    expect(res.status).toBe(200);
    const [line, ...more] = linesOf(log).filter((l) => l.type === 'request');
    expect(more).toHaveLength(0);
    expect(line).toEqual({
      type: 'request',
      request_id: '8f1e2d3c4b5a6978-AMS',
      site: 'vonkje',
      method: 'GET',
      route: '/api/settings.php',
      status: 200,
      duration_ms: expect.any(Number),
    });
    // a route with an id in its path logs its pattern, never the id
    await through('https://vonkje.nl/api/member.php?id=123456789', { headers: { 'cf-ray': 'r2' } });
    const member = linesOf(log).find((l) => l.request_id === 'r2')!;
    expect(JSON.stringify(member)).not.toContain('123456789');
    // staging logs the same way; development (wrangler dev prints its own) does not
    await through('https://she-eng.example.invalid/api/settings.php', { headers: { 'cf-ray': 'r3' } }, deployed('staging'));
    expect(linesOf(log).find((l) => l.request_id === 'r3')).toMatchObject({ site: null, status: 404 });
    const before = log.mock.calls.length;
    await through('http://vonkje.localhost/api/settings.php', {}, { ENVIRONMENT: 'development' });
    expect(log.mock.calls.length).toBe(before);
  });

  it('never holds an e-mail address, a password, a message text or an IP address', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const email = `log-${crypto.randomUUID()}@example.test`;
    await through('https://vonkje.nl/api/user.php', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'secret-password-1' }),
      headers: {
        'content-type': 'application/json',
        'request-type': 'client',
        origin: 'https://vonkje.nl',
        'cf-connecting-ip': '203.0.113.9',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    const text = log.mock.calls.map(([l]) => String(l)).join('\n');
    expect(text).toContain('"route":"/api/user.php"');
    for (const secret of [email, 'secret-password-1', '203.0.113.9']) expect(text).not.toContain(secret);
  });

  it('an unknown error answers 500 with the request id, in the message too; the error line carries the same id', async () => {
    const m = await signup();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // D1 out of order: the session lookup throws what the worker does not know
    const broken = {
      ...env.DB,
      prepare: () => {
        throw new Error('D1_ERROR: the database is unavailable');
      },
      batch: () => Promise.reject(new Error('D1_ERROR: the database is unavailable')),
      // its sessions (read replicas, lib/db inD1Sessions) are as out of order as itself
      withSession: () => broken,
      getBookmark: () => null,
    } as unknown as D1Database;
    const res = await through(
      'https://vonkje.nl/api/chats.php',
      { headers: { cookie: `sid=${m.cookie}`, 'cf-ray': 'ray-500-AMS' } },
      { ...deployed(), DB: broken },
    );
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string; request_id: string };
    expect(body).toEqual({
      error: 'internal_error',
      request_id: 'ray-500-AMS',
      message: 'Er is een fout opgetreden, probeer het later opnieuw. Foutcode: ray-500-AMS',
    });
    const errorLine = errors.mock.calls.map(([l]) => JSON.parse(String(l)) as Record<string, unknown>).find((l) => l.type === 'error');
    expect(errorLine).toMatchObject({ request_id: 'ray-500-AMS', message: expect.stringContaining('unavailable') });
    expect(linesOf(log).find((l) => l.type === 'request')).toMatchObject({ request_id: 'ray-500-AMS', status: 500 });
  });

  it('without a Ray ID (development, tests) a random id stands in', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await through('https://vonkje.nl/api/settings.php');
    await through('https://vonkje.nl/api/settings.php');
    const ids = linesOf(log).map((l) => l.request_id as string);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('the operator host logs as operator, and a staging worker never answers a development host', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await through('https://operator.vonkmedia.test/api/operator/me.php', { headers: { 'cf-ray': 'op-1' } });
    expect(linesOf(log).find((l) => l.request_id === 'op-1')).toMatchObject({ site: 'operator' });
    for (const environment of ['staging', 'production']) {
      const local = await through('http://vonkje.localhost/api/settings.php', {}, deployed(environment));
      expect(local.status, environment).toBe(404);
      expect((await through('http://operator.localhost/api/operator/me.php', {}, deployed(environment))).status, environment).toBe(404);
    }
  });
});
