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

  it('drains in rounds: at most six posts in flight, two senders at once never post one mail twice, a limit is kept', async () => {
    const db = getDb(env.DB);
    const http = { ...env, MAIL_ADAPTER: 'http', MAIL_API_URL: 'https://mail.provider.test/send', MAIL_API_KEY: 'k-123' };
    // everything queued before is sent first, so only this test's mails are left
    await deliverOutbox(http, db, provider(202).send, { limit: 10_000 });
    const tag = `drain-${Date.now()}`;
    const rows = Array.from({ length: 230 }, (_, i) =>
      env.DB.prepare("INSERT INTO mail_outbox (site, to_address, kind, subject, text, html, created_at) VALUES ('vonkje', ?, 'activate', 's', 't', 'h', ?)").bind(`${tag}-${i}@example.test`, new Date().toISOString()),
    );
    await env.DB.batch(rows);
    let inFlight = 0;
    let most = 0;
    const posted: string[] = [];
    const slow = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      posted.push((JSON.parse(String(init?.body)) as { to: string }).to);
      inFlight--;
      return new Response(null, { status: 202 });
    }) as typeof fetch;
    // a small limit stops early; then two senders drain the rest side by side
    expect(await deliverOutbox(http, db, slow, { limit: 30 })).toBe(30);
    const [a, b] = await Promise.all([deliverOutbox(http, db, slow, { limit: 10_000 }), deliverOutbox(http, db, slow, { limit: 10_000 })]);
    expect(a! + b!).toBe(200);
    expect(posted).toHaveLength(230);
    expect(new Set(posted).size).toBe(230);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(12); // six per sender
    const left = await env.DB.prepare('SELECT count(*) n FROM mail_outbox WHERE to_address LIKE ? AND sent_at IS NULL').bind(`${tag}-%`).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
