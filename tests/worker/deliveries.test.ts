import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker, { queueRole } from '../../worker/index';
import {
  backoffSeconds,
  consumeDeliveries,
  enqueuePending,
  MAX_ATTEMPTS,
  type Delivery,
  type RowDelivery,
} from '../../worker/lib/deliveries';
import { senderOf } from '../../worker/lib/mail';
import { tenantBySlug } from '../../worker/lib/tenants';
import { signup } from './account-helpers';

/**
 * Mail through Cloudflare Email Service's `send_email` binding and the deliveries queue. Where a
 * test must see what the binding was handed, or make it fail, it stands in for the binding (the
 * provider) with one that records `send({ from, to, subject, text, html, headers })` as Email
 * Service documents it; the rest is the worker's own code on the real D1 and queue.
 */
type Sent = {
  from: { email: string; name: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};
function emailService(
  answer: (mail: Sent) => Promise<{ messageId: string }> | { messageId: string } = () => ({
    messageId: `<${crypto.randomUUID()}@send.test>`,
  }),
) {
  const sent: Sent[] = [];
  const binding = {
    send: async (mail: Sent) => {
      sent.push(mail);
      return await answer(mail);
    },
  } as unknown as SendEmail;
  return { binding, sent };
}
/** An error as Email Service throws it: an Error with a string `code`. */
const serviceError = (code: string, message: string) => Object.assign(new Error(message), { code });

const row = (to: string) =>
  env.DB.prepare(
    'SELECT id, sent_at, failed_at, error, attempts, message_id, enqueued_at, claimed_at FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1',
  )
    .bind(to)
    .first<{
      id: number;
      sent_at: string | null;
      failed_at: string | null;
      error: string | null;
      attempts: number;
      message_id: string | null;
      enqueued_at: string | null;
      claimed_at: string | null;
    }>();

/** Runs the worker's queue handler on one batch of the deliveries queue; answers what it acknowledged and retried. */
async function consume(messages: Delivery[], bindings: Partial<typeof env> = {}, queue = 'datingsite-deliveries') {
  const batch = createMessageBatch<Delivery>(
    queue,
    messages.map((body, i) => ({ id: `m${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body })),
  );
  // the pool's result drops a retry's options: its delay is read off the calls
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'));
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, { ...env, ...bindings });
  return {
    ...(await getQueueResult(batch, ctx)),
    delays: retries.flatMap((spy) => spy.mock.calls.map(([options]) => options?.delaySeconds)),
  };
}

const until = async <T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('mail through Email Service and the deliveries queue', () => {
  it('a signup mail is enqueued after its batch and sent through the real queue and binding, with a Message-ID', async () => {
    const { email } = await signup();
    // the request's waitUntil hands it to the queue; the local queue runs the worker's consumer,
    // which sends it through miniflare's send_email binding
    const sent = await until(
      () => row(email),
      (r) => r?.sent_at !== null,
    );
    expect(sent).toMatchObject({ failed_at: null, error: null, attempts: 1 });
    expect(sent!.enqueued_at).not.toBeNull();
    expect(sent!.message_id).toMatch(/^<?[^@\s]+@[^@\s>]+>?$/);
  });

  it('each mail goes from its own site: noreply@<the site domain> with the site mail name, text, HTML and the RFC 8058 headers', async () => {
    const svc = emailService();
    const { email } = await signup('she-eng.localhost');
    const id = (await row(email))!.id;
    await env.DB.prepare(
      `UPDATE mail_outbox SET headers = '{"List-Unsubscribe":"<https://sparkly.example/unsubscribe/x>","List-Unsubscribe-Post":"List-Unsubscribe=One-Click"}', sent_at = NULL, claimed_at = NULL WHERE id = ?`,
    )
      .bind(id)
      .run();
    const result = await consume([{ t: 'mail', id }], { EMAIL: svc.binding });
    expect(result.explicitAcks).toHaveLength(1);
    const mine = svc.sent.filter((m) => m.to === email);
    expect(mine).toHaveLength(1);
    const site = tenantBySlug('she-eng')!;
    expect(mine[0]!.from).toEqual({ email: `noreply@${site.domains[0]!.host}`, name: senderOf(site).name });
    expect(mine[0]!.subject.length).toBeGreaterThan(5);
    expect(mine[0]!.text).toContain('http');
    expect(mine[0]!.html).toMatch(/^<!doctype html>/i);
    expect(mine[0]!.headers).toEqual({
      'List-Unsubscribe': '<https://sparkly.example/unsubscribe/x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await row(email))!.message_id).toMatch(/@send\.test>$/);
    // the Dutch main site's mail comes from its own domain
    expect(senderOf(tenantBySlug('vonkje')!).email).toBe('noreply@vonkje.nl');
  });

  it('a site file may name its own sender address', () => {
    const site = tenantBySlug('vonkje')!;
    expect(senderOf({ ...site, mail_from: 'hallo@mail.vonkje.nl' }).email).toBe('hallo@mail.vonkje.nl');
  });

  it('a failure for now is retried with backoff; after the queue gives up the dead-letter queue marks it failed', async () => {
    const { email } = await signup();
    await until(
      () => row(email),
      (r) => r?.sent_at !== null,
    );
    const id = (await row(email))!.id;
    await env.DB.prepare('UPDATE mail_outbox SET sent_at = NULL, message_id = NULL, attempts = 0 WHERE id = ?').bind(id).run();
    const down = emailService(async () => {
      throw serviceError('E_RATE_LIMIT_EXCEEDED', 'Too many requests');
    });
    const first = await consume([{ t: 'mail', id }], { EMAIL: down.binding });
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([backoffSeconds(1)]);
    expect(first.explicitAcks).toHaveLength(0);
    expect(await row(email)).toMatchObject({ sent_at: null, failed_at: null, claimed_at: null, attempts: 1 });
    expect((await row(email))!.error).toContain('E_RATE_LIMIT_EXCEEDED');
    expect([1, 2, 3, 4, 5, 6].map(backoffSeconds)).toEqual([10, 30, 90, 270, 810, 900]);
    // the queue's max_retries spent: the message lands on the dead-letter queue
    const dead = await consume([{ t: 'mail', id }], {}, 'datingsite-deliveries-dlq');
    expect(dead.ackAll).toBe(true);
    const given = await row(email);
    expect(given!.failed_at).not.toBeNull();
    expect(given!.sent_at).toBeNull();
    expect(given!.error).toMatch(/dead-lettered/);
    // a row given up is never sent again, by a late retry or a sweep
    const late = emailService();
    await consume([{ t: 'mail', id }], { EMAIL: late.binding });
    expect(late.sent.filter((m) => m.to === email)).toHaveLength(0);
  });

  it('a refusal no retry mends (a suppressed recipient) is given up at once', async () => {
    const { email } = await signup();
    await until(
      () => row(email),
      (r) => r?.sent_at !== null,
    );
    const id = (await row(email))!.id;
    await env.DB.prepare('UPDATE mail_outbox SET sent_at = NULL, message_id = NULL WHERE id = ?').bind(id).run();
    const refusing = emailService(async () => {
      throw serviceError('E_RECIPIENT_SUPPRESSED', 'Recipient is suppressed');
    });
    const result = await consume([{ t: 'mail', id }], { EMAIL: refusing.binding });
    expect(result.retryMessages).toHaveLength(0);
    expect(result.explicitAcks).toHaveLength(1);
    expect((await row(email))!.failed_at).not.toBeNull();
  });

  it('a mail is delivered exactly once when the consumer, a duplicate message and the cron sweep race', async () => {
    const { email } = await signup();
    await until(
      () => row(email),
      (r) => r?.sent_at !== null,
    );
    const id = (await row(email))!.id;
    // as if its first message were lost: unsent, enqueued long ago, so the sweep takes it again
    await env.DB.prepare("UPDATE mail_outbox SET sent_at = NULL, message_id = NULL, enqueued_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(id)
      .run();
    const slow = emailService(async () => {
      await new Promise((r) => setTimeout(r, 30));
      return { messageId: `<${crypto.randomUUID()}@send.test>` };
    });
    const sweep = worker.scheduled(
      createScheduledController({ cron: '*/5 * * * *', scheduledTime: new Date() }),
      { ...env, EMAIL: slow.binding },
      createExecutionContext(),
    );
    await Promise.all([
      consume(
        [
          { t: 'mail', id },
          { t: 'mail', id },
        ],
        { EMAIL: slow.binding },
      ),
      consume([{ t: 'mail', id }], { EMAIL: slow.binding }),
      sweep,
    ]);
    // the sweep's own message reaches the real consumer (miniflare's binding): it finds the mail sent
    await new Promise((r) => setTimeout(r, 1500));
    expect(slow.sent.filter((m) => m.to === email)).toHaveLength(1);
    const done = await row(email);
    expect(done!.sent_at).not.toBeNull();
    expect(done!.message_id).toMatch(/@send\.test>$/);
  });

  it('the sweep re-enqueues only what waited too long; a fresh enqueue takes each row once', async () => {
    const tag = `sweep-${Date.now()}`;
    const at = new Date().toISOString();
    const insert = (to: string, enqueuedAt: string | null) =>
      env.DB.prepare(
        "INSERT INTO mail_outbox (site, to_address, kind, subject, text, html, created_at, enqueued_at) VALUES ('vonkje', ?, 'activate', 's', 't', 'h', ?, ?)",
      ).bind(to, at, enqueuedAt);
    await env.DB.batch([insert(`${tag}-old@example.test`, '2000-01-01T00:00:00.000Z'), insert(`${tag}-fresh@example.test`, at)]);
    const sent: RowDelivery[] = [];
    const queue = {
      sendBatch: async (batch: { body: RowDelivery }[]) => void sent.push(...batch.map((m) => m.body)),
      send: async () => {},
    } as unknown as Queue<Delivery>;
    // without sweep: nothing of these (both were enqueued once already)
    await enqueuePending({ ...env, DELIVERIES: queue }, 'mail', { limit: 10_000 });
    const ids = async (to: string) => (await row(to))!.id;
    expect(sent.map((d) => d.id)).not.toContain(await ids(`${tag}-old@example.test`));
    await enqueuePending({ ...env, DELIVERIES: queue }, 'mail', { sweep: true, limit: 10_000 });
    expect(sent.map((d) => d.id)).toContain(await ids(`${tag}-old@example.test`));
    expect(sent.map((d) => d.id)).not.toContain(await ids(`${tag}-fresh@example.test`));
    expect(new Set(sent.map((d) => d.id)).size).toBe(sent.length);
  });

  it("a full batch (the queue's 100 messages) is claimed and sent: D1's 100 parameters a statement are never passed", async () => {
    const tag = `full-${Date.now()}`;
    const at = new Date().toISOString();
    const { results } = await env.DB.prepare(
      `INSERT INTO mail_outbox (site, to_address, kind, subject, text, html, created_at, enqueued_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
       SELECT 'vonkje', ?1 || '-' || i || '@example.test', 'weekly_update', 's', 't', '<p>h</p>', ?2, ?2 FROM n RETURNING id`,
    )
      .bind(tag, at)
      .all<{ id: number }>();
    const svc = emailService();
    const result = await consume(
      results.map(({ id }) => ({ t: 'mail', id })),
      { EMAIL: svc.binding },
    );
    expect(result.explicitAcks).toHaveLength(100);
    expect(result.retryMessages).toHaveLength(0);
    expect(new Set(svc.sent.map((m) => m.to)).size).toBe(100);
    expect(
      await env.DB.prepare('SELECT count(*) n FROM mail_outbox WHERE to_address LIKE ? AND sent_at IS NOT NULL')
        .bind(`${tag}-%`)
        .first('n'),
    ).toBe(100);
  });

  it('an unreadable queue message is acknowledged and logged, not retried forever', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = createMessageBatch('datingsite-deliveries', [
      { id: 'bad', timestamp: new Date(), attempts: 1, body: { t: 'fax', id: -1 } },
    ]);
    const ctx = createExecutionContext();
    await consumeDeliveries(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['bad']);
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('a row is tried at most MAX_ATTEMPTS times', async () => {
    const { email } = await signup();
    await until(
      () => row(email),
      (r) => r?.sent_at !== null,
    );
    const id = (await row(email))!.id;
    await env.DB.prepare('UPDATE mail_outbox SET sent_at = NULL, attempts = ? WHERE id = ?').bind(MAX_ATTEMPTS, id).run();
    const svc = emailService();
    await consume([{ t: 'mail', id }], { EMAIL: svc.binding });
    expect(svc.sent).toHaveLength(0);
  });

  it('names each queue of every environment by its role', () => {
    expect(queueRole('datingsite-deliveries')).toBe('deliveries');
    expect(queueRole('datingsite-deliveries-staging')).toBe('deliveries');
    expect(queueRole('datingsite-deliveries-dlq')).toBe('dead-letters');
    expect(queueRole('datingsite-deliveries-dlq-staging')).toBe('dead-letters');
    expect(queueRole('datingsite-mail-events')).toBe('mail-events');
    expect(queueRole('datingsite-mail-events-staging')).toBe('mail-events');
  });
});
