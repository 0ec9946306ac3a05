import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../worker/lib/db';
import { deliverOutbox } from '../../worker/lib/mail';
import { signup } from './account-helpers';

/** Stands in for the mail provider's HTTP API (a third party), recording what it receives. */
function provider(status: number) {
  const received: { url: string; auth: string | null; body: Record<string, string> }[] = [];
  const send = (async (url: RequestInfo | URL, init?: RequestInit) => {
    received.push({ url: String(url), auth: new Headers(init?.headers).get('authorization'), body: JSON.parse(String(init?.body)) });
    return new Response(null, { status });
  }) as typeof fetch;
  return { send, received };
}

const unsent = async (to: string) =>
  env.DB.prepare('SELECT sent_at, error FROM mail_outbox WHERE to_address = ?').bind(to).first<{ sent_at: string | null; error: string | null }>();

describe('mail adapters', () => {
  it('the dev adapter leaves mail in the outbox', async () => {
    const { email } = await signup();
    const p = provider(202);
    await deliverOutbox({ ...env, MAIL_ADAPTER: 'dev' }, getDb(env.DB), p.send);
    expect(p.received).toHaveLength(0);
    expect(await unsent(email)).toMatchObject({ sent_at: null });
  });

  it('the http adapter posts each mail once with the key, and records failures to retry', async () => {
    const { email } = await signup();
    const http = { ...env, MAIL_ADAPTER: 'http', MAIL_API_URL: 'https://mail.provider.test/send', MAIL_API_KEY: 'k-123' };
    const failing = provider(503);
    await deliverOutbox(http, getDb(env.DB), failing.send);
    expect((await unsent(email))!.error).toMatch(/503/);
    const ok = provider(202);
    await deliverOutbox(http, getDb(env.DB), ok.send);
    const mine = ok.received.filter((r) => r.body.to === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ url: 'https://mail.provider.test/send', auth: 'Bearer k-123' });
    expect(mine[0]!.body.subject).toBe('Bevestig je e-mailadres voor Vonkje');
    expect((await unsent(email))!.sent_at).not.toBeNull();
    const again = provider(202);
    await deliverOutbox(http, getDb(env.DB), again.send);
    expect(again.received.filter((r) => r.body.to === email)).toHaveLength(0);
  });
});
