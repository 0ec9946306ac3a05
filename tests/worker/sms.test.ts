import { env } from 'cloudflare:workers';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clock } from '../../worker/lib/clock';
import { consumeDeliveries, enqueuePending, type Delivery } from '../../worker/lib/deliveries';
import { redactCodes, twilioSignature } from '../../worker/lib/sms';
import created201 from '../fixtures/twilio/create-message-201.json';
import error400 from '../fixtures/twilio/error-400-21211.json';
import error401 from '../fixtures/twilio/error-401-20003.json';
import { call } from './helpers';

/**
 * SMS through Twilio's Messages API, against its recorded shapes (tests/fixtures/twilio): a
 * stand-in for Twilio answers the worker's requests through its fetch and records each one as
 * Twilio documents it (path, HTTP Basic, form-encoded body). Status callbacks come signed with
 * X-Twilio-Signature as Twilio signs them.
 */
const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-test-auth-token';
const twilioEnv = {
  ...env,
  TWILIO_ACCOUNT_SID: SID,
  TWILIO_AUTH_TOKEN: TOKEN,
  TWILIO_FROM: 'Vonkje',
  TWILIO_API_URL: 'https://api.twilio.test',
};

type Seen = { url: string; auth: string | null; type: string | null; form: Record<string, string> };
function twilio(answer: (seen: Seen) => readonly [number, unknown]) {
  const seen: Seen[] = [];
  const send = (async (url: string, init: RequestInit) => {
    const entry = {
      url,
      auth: new Headers(init.headers).get('authorization'),
      type: new Headers(init.headers).get('content-type'),
      form: Object.fromEntries(new URLSearchParams(String(init.body))),
    };
    seen.push(entry);
    const [status, body] = answer(entry);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetch: send, seen };
}
const messageSid = () => `SM${crypto.randomUUID().replaceAll('-', '')}`;

async function queuedSms(text: string, expiresAt: string | null = null) {
  const row = await env.DB.prepare(
    "INSERT INTO sms_outbox (site, to_number, kind, text, created_at, expires_at) VALUES ('vonkje', '+31612345678', 'directdebit_code', ?, ?, ?) RETURNING id",
  )
    .bind(text, clock.now().toISOString(), expiresAt)
    .first<{ id: number }>();
  return row!.id;
}
const smsRow = (id: number) =>
  env.DB.prepare('SELECT text, sent_at, failed_at, error, attempts, provider_id, status FROM sms_outbox WHERE id = ?').bind(id).first<{
    text: string;
    sent_at: string | null;
    failed_at: string | null;
    error: string | null;
    attempts: number;
    provider_id: string | null;
    status: string | null;
  }>();

async function consume(ids: number[], send: typeof fetch) {
  const batch = createMessageBatch<Delivery>(
    'datingsite-deliveries',
    ids.map((id, i) => ({ id: `s${i}-${id}`, timestamp: new Date(), attempts: 1, body: { t: 'sms', id } })),
  );
  const retries = batch.messages.map((m) => vi.spyOn(m, 'retry'));
  await consumeDeliveries(batch as MessageBatch<unknown>, twilioEnv, send);
  return {
    ...(await getQueueResult(batch, createExecutionContext())),
    delays: retries.flatMap((s) => s.mock.calls.map(([o]) => o?.delaySeconds)),
  };
}

afterEach(() => clock.setNow(null));

describe('SMS through Twilio', () => {
  it('posts the documented request once: Basic auth, form-encoded To, From, Body and the status callback; keeps the SID and blanks the code', async () => {
    const id = await queuedSms('Je Vonkje-code is 482913');
    const sid = messageSid();
    const gateway = twilio(() => [201, { ...created201, sid, to: '+31612345678', status: 'queued' }]);
    const result = await consume([id, id], gateway.fetch);
    expect(result.explicitAcks).toHaveLength(2);
    expect(gateway.seen).toHaveLength(1);
    expect(gateway.seen[0]).toEqual({
      url: `https://api.twilio.test/2010-04-01/Accounts/${SID}/Messages.json`,
      auth: `Basic ${btoa(`${SID}:${TOKEN}`)}`,
      type: 'application/x-www-form-urlencoded',
      form: { To: '+31612345678', From: 'Vonkje', Body: 'Je Vonkje-code is 482913', StatusCallback: 'https://vonkje.nl/hooks/sms-status' },
    });
    expect(await smsRow(id)).toMatchObject({
      text: 'Je Vonkje-code is ••••••',
      provider_id: sid,
      status: 'queued',
      failed_at: null,
      error: null,
      attempts: 1,
    });
    expect(redactCodes('code 0123 and 12345678')).toBe('code •••• and ••••••••');
  });

  it('a Messaging Service sends with MessagingServiceSid and a ValidityPeriod up to the code’s expiry', async () => {
    clock.setNow(new Date('2031-03-01T10:00:00.000Z'));
    const id = await queuedSms('Je Vonkje-code is 111222', '2031-03-01T10:10:00.000Z');
    const gateway = twilio(() => [201, { ...created201, sid: messageSid() }]);
    const batch = createMessageBatch<Delivery>('datingsite-deliveries', [
      { id: 'mg', timestamp: new Date(), attempts: 1, body: { t: 'sms', id } },
    ]);
    await consumeDeliveries(
      batch as MessageBatch<unknown>,
      { ...twilioEnv, TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef' },
      gateway.fetch,
    );
    expect(gateway.seen[0]!.form).toMatchObject({ MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef', ValidityPeriod: '600' });
    expect(gateway.seen[0]!.form.From).toBeUndefined();
  });

  it('an invalid number (400, 21211) is given up; a refused key (401) and a rate limit (429) are retried with backoff', async () => {
    const bad = await queuedSms('Je Vonkje-code is 333444');
    const r1 = await consume([bad], twilio(() => [400, error400]).fetch);
    expect(r1.explicitAcks).toHaveLength(1);
    expect(await smsRow(bad)).toMatchObject({ sent_at: null, error: expect.stringContaining('21211') });
    expect((await smsRow(bad))!.failed_at).not.toBeNull();
    const later = await queuedSms('Je Vonkje-code is 555666');
    const r2 = await consume([later], twilio(() => [401, error401]).fetch);
    expect(r2.retryMessages).toHaveLength(1);
    expect(r2.delays).toEqual([10]);
    const r3 = await consume(
      [later],
      twilio(() => [429, { code: 20429, message: 'Too Many Requests', more_info: 'https://www.twilio.com/docs/errors/20429', status: 429 }])
        .fetch,
    );
    expect(r3.retryMessages).toHaveLength(1);
    expect(await smsRow(later)).toMatchObject({ sent_at: null, failed_at: null, attempts: 2 });
    // the text keeps its code until it is sent
    expect((await smsRow(later))!.text).toContain('555666');
  });

  it('an expired code is never sent', async () => {
    clock.setNow(new Date('2031-04-01T10:00:00.000Z'));
    const id = await queuedSms('Je Vonkje-code is 777888', '2031-04-01T09:59:00.000Z');
    const gateway = twilio(() => [201, created201]);
    await consume([id], gateway.fetch);
    expect(gateway.seen).toHaveLength(0);
    expect(await smsRow(id)).toMatchObject({ sent_at: null, error: 'expired before it could be sent' });
  });

  it('without a gateway (development) nothing is enqueued: the SMS stays for /dev/sms', async () => {
    const queue = { sendBatch: vi.fn(), send: vi.fn() } as unknown as Queue<Delivery>;
    const id = await queuedSms('Je Vonkje-code is 999000');
    expect(await enqueuePending({ ...env, DELIVERIES: queue }, 'sms', { sweep: true })).toBe(0);
    expect(queue.sendBatch).not.toHaveBeenCalled();
    expect((await smsRow(id))!.text).toContain('999000');
    // with one, it is
    const sent: Delivery[] = [];
    const real = { sendBatch: async (b: { body: Delivery }[]) => void sent.push(...b.map((m) => m.body)) } as unknown as Queue<Delivery>;
    await enqueuePending({ ...twilioEnv, DELIVERIES: real }, 'sms', { limit: 10_000 });
    expect(sent).toContainEqual({ t: 'sms', id });
  });
});

describe("Twilio's status callback", () => {
  it('signs as Twilio documents (twilio-node’s published vector)', async () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    expect(await twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    // a repeated parameter: its values once each, sorted
    const repeated = new URLSearchParams([
      ['Sid', 'CA123'],
      ['SidAccount', 'AC123'],
      ['Digits', '5678'],
      ['Digits', '1234'],
      ['Digits', '1234'],
    ]);
    expect(await twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', repeated)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });

  const URL_ = 'http://vonkje.localhost/hooks/sms-status';
  async function callback(fields: Record<string, string>, signature?: string, token = TOKEN) {
    const params = new URLSearchParams(fields);
    const sig = signature ?? (await twilioSignature(token, URL_, params));
    const ctx = createExecutionContext();
    const { default: worker } = await import('../../worker/index');
    return worker.fetch(
      new Request(URL_, {
        method: 'POST',
        body: params,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': sig },
      }),
      twilioEnv,
      ctx,
    );
  }
  const fieldsOf = (sid: string, status: string, extra: Record<string, string> = {}) => ({
    ApiVersion: '2010-04-01',
    AccountSid: SID,
    MessageSid: sid,
    SmsSid: sid,
    MessageStatus: status,
    SmsStatus: status,
    From: 'Vonkje',
    To: '+31612345678',
    ...extra,
  });

  it('records the status of the SMS it names, only moving forward; an undelivered one keeps its error code', async () => {
    const id = await queuedSms('Je Vonkje-code is 123123');
    const sid = messageSid();
    await consume([id], twilio(() => [201, { ...created201, sid }]).fetch);
    expect((await callback(fieldsOf(sid, 'sent'))).status).toBe(200);
    expect((await smsRow(id))!.status).toBe('sent');
    const res = await callback(fieldsOf(sid, 'undelivered', { ErrorCode: '30003' }));
    expect(await res.json()).toEqual({ updated: 1 });
    // a late 'sending' never undoes a final status
    expect(await (await callback(fieldsOf(sid, 'sending'))).json()).toEqual({ updated: 0 });
    expect(await smsRow(id)).toMatchObject({ status: 'undelivered', error: 'twilio error 30003' });
  });

  it('a replayed callback changes nothing; one later than three days after the send is refused', async () => {
    const id = await queuedSms('Je Vonkje-code is 555111');
    const sid = messageSid();
    await consume([id], twilio(() => [201, { ...created201, sid }]).fetch);
    const failed = fieldsOf(sid, 'undelivered', { ErrorCode: '30005' });
    expect(await (await callback(failed)).json()).toEqual({ updated: 1 });
    // Twilio (or anyone holding a signed request) sends it again, and an earlier one
    for (const replay of [failed, failed, fieldsOf(sid, 'sent'), fieldsOf(sid, 'delivered')]) {
      const res = await callback(replay);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ updated: 0 });
    }
    expect(await smsRow(id)).toMatchObject({ status: 'undelivered', error: 'twilio error 30005' });

    // an SMS sent four days ago: even a status that would move it on is not believed any more
    const old = await queuedSms('Je Vonkje-code is 555222');
    const oldSid = messageSid();
    await consume([old], twilio(() => [201, { ...created201, sid: oldSid }]).fetch);
    await env.DB.prepare('UPDATE sms_outbox SET sent_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 4 * 86_400_000).toISOString(), old)
      .run();
    const late = await callback(fieldsOf(oldSid, 'delivered'));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ updated: 0 });
    expect((await smsRow(old))!.status).toBe('queued');
    // within the window it would have counted
    await env.DB.prepare('UPDATE sms_outbox SET sent_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 2 * 86_400_000).toISOString(), old)
      .run();
    expect(await (await callback(fieldsOf(oldSid, 'delivered'))).json()).toEqual({ updated: 1 });
  });

  it('a forged or missing signature is 401 and changes nothing; a bad field is 400', async () => {
    const id = await queuedSms('Je Vonkje-code is 321321');
    const sid = messageSid();
    await consume([id], twilio(() => [201, { ...created201, sid }]).fetch);
    const forged = await callback(fieldsOf(sid, 'delivered'), undefined, 'not-the-token');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: 'invalid_signature' });
    expect((await callback(fieldsOf(sid, 'delivered'), '')).status).toBe(401);
    // a valid signature over other fields than those sent
    const other = await twilioSignature(TOKEN, URL_, new URLSearchParams(fieldsOf(sid, 'failed')));
    expect((await callback(fieldsOf(sid, 'delivered'), other)).status).toBe(401);
    expect((await smsRow(id))!.status).toBe('queued');
    const bad = await callback(fieldsOf(sid, 'exploded'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_request' });
    // without a token configured, every callback is refused
    const ctx = createExecutionContext();
    const { default: worker } = await import('../../worker/index');
    const none = await worker.fetch(
      new Request(URL_, { method: 'POST', body: new URLSearchParams(fieldsOf(sid, 'delivered')), headers: { 'x-twilio-signature': 'x' } }),
      env,
      ctx,
    );
    expect(none.status).toBe(401);
    expect(await call(URL_, { method: 'GET' }).then((r) => r.status)).not.toBe(500);
  });
});
