import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '../../worker/contracts/push';
import { notifyPush } from '../../worker/domain/push';
import { getDb } from '../../worker/lib/db';
import { clock } from '../../worker/lib/clock';
import { consumeDeliveries, type Delivery } from '../../worker/lib/deliveries';
import { fromBase64url, PUSH_LIMIT, sendPush, toBase64url, vapidAuthorization } from '../../worker/lib/push';
import { isLocalHost } from '../../worker/lib/tenants';
import worker from '../../worker/index';
import { activeMember, count, H, login, post } from './account-helpers';

const V = 'http://vonkje.localhost';
/** The tests' push service: a name of this machine (allowed in development only), answered by the fetch stand-in below. */
const PUSH_HOST = 'push.localhost';
/** The browsers' push services (worker/lib/push.ts PUSH_SERVICES): answered by the same stand-in, never reached. */
const PUSH_SERVICE =
  /^(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[a-z0-9-]+\.push\.apple\.com|[a-z0-9-]+\.notify\.windows\.com)$/;
const enc = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array<ArrayBuffer>[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

/** HKDF-SHA-256 (RFC 5869) with Web Crypto. */
async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, length: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/**
 * The browser's side of RFC 8291 (with RFC 8188's aes128gcm record), written here with Web
 * Crypto: the header's salt, record size and sender key; ECDH with the subscription's private key,
 * the auth secret into the IKM, the content key and nonce, AES-GCM, then the padding after the
 * 0x02 delimiter. Answers the text and every intermediate value.
 */
async function decrypt(
  body: Uint8Array<ArrayBuffer>,
  ua: { privateKey: CryptoKey; publicKey: Uint8Array<ArrayBuffer> },
  auth: Uint8Array<ArrayBuffer>,
) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idLength = body[20]!;
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const sender = await crypto.subtle.importKey('raw', senderPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: sender }, ua.privateKey, 256));
  const ikm = await hkdf(auth, ecdh, concat(enc('WebPush: info\0'), ua.publicKey, senderPublic), 32);
  const cek = await hkdf(salt, ikm, enc('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, enc('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  expect(padded[end], 'the last record ends with the 0x02 delimiter').toBe(2);
  return { text: new TextDecoder().decode(padded.slice(0, end)), recordSize, senderPublic, ecdh, ikm, cek, nonce };
}

/** A browser's push subscription: its own P-256 pair and auth secret, an endpoint at the fake push service. */
async function browserKeys(path = crypto.randomUUID()) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const subscription = {
    endpoint: `https://${PUSH_HOST}/push/${path}`,
    expirationTime: null,
    keys: { p256dh: toBase64url(publicKey), auth: toBase64url(auth) },
  };
  return { subscription, ua: { privateKey: pair.privateKey, publicKey }, auth };
}
type Browser = Awaited<ReturnType<typeof browserKeys>>;

/**
 * What reached the fake push service: each request as sent, and an answer chosen per endpoint (201
 * unless set; a redirect points at a cloud metadata address). Any other host outside this machine
 * is refused and noted in `outside`, which must stay empty: a test never sends anywhere else.
 */
type Received = { url: string; headers: Headers; body: Uint8Array<ArrayBuffer>; redirect: RequestRedirect };
let received: Received[] = [];
let answers = new Map<string, number>();
let outside: string[] = [];
beforeEach(() => {
  received = [];
  answers = new Map();
  outside = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = new Request(input, init);
    const host = new URL(req.url).hostname;
    if (host !== PUSH_HOST && !PUSH_SERVICE.test(host)) {
      if (isLocalHost(host)) return realFetch(req);
      outside.push(req.url);
      throw new TypeError(`the tests send nothing outside this machine (${host})`);
    }
    received.push({ url: req.url, headers: req.headers, body: new Uint8Array(await req.arrayBuffer()), redirect: req.redirect });
    const status = answers.get(req.url) ?? 201;
    return new Response(null, {
      status,
      headers: status >= 300 && status < 400 ? { location: 'http://169.254.169.254/latest/meta-data/' } : {},
    });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clock.setNow(null);
  expect(outside, 'requests outside this machine').toEqual([]);
});

/** A request through the worker, waiting for what it does after answering (the pushes). */
async function through(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`${V}${path}`, init), env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
const subscribe = (cookie: string, body: unknown) => post(`${V}/api/user.php?push=1`, body, cookie);

async function payloadOf(r: Received, browser: Browser) {
  return JSON.parse((await decrypt(r.body, browser.ua, browser.auth)).text) as PushPayload;
}

describe('RFC 8291 encryption', () => {
  // RFC 8291 Appendix A: the fixed keys, salt and the message they give
  const RFC = {
    plaintext: 'When I grow up, I want to be a watermelon',
    asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
    uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
    salt: 'DGv6ra1nlYgDCS1FRnbzlw',
    auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    ecdh: 'kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs',
    ikm: 'S4lYMb_L0FxCeq0WhDx813KgSYqU26kOyzWUdsXYyrg',
    cek: 'oIhVW04MRdy2XN9CiKLxTg',
    nonce: '4h_95klXJ5E_qnoN',
    body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  };
  const rfcReceiver = async () => {
    const point = fromBase64url(RFC.uaPublic);
    const privateKey = await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: toBase64url(point.slice(1, 33)), y: toBase64url(point.slice(33)), d: RFC.uaPrivate },
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      ['deriveBits'],
    );
    return { privateKey, publicKey: point };
  };

  it("the test's decryption reads the RFC's Appendix A message, with every intermediate value the RFC gives", async () => {
    const out = await decrypt(fromBase64url(RFC.body), await rfcReceiver(), fromBase64url(RFC.auth));
    expect(out.text).toBe(RFC.plaintext);
    expect(toBase64url(out.senderPublic)).toBe(RFC.asPublic);
    expect(toBase64url(fromBase64url(RFC.body).slice(0, 16))).toBe(RFC.salt);
    expect(out.recordSize).toBe(4096);
    expect(toBase64url(out.ecdh)).toBe(RFC.ecdh);
    expect(toBase64url(out.ikm)).toBe(RFC.ikm);
    expect(toBase64url(out.cek)).toBe(RFC.cek);
    expect(toBase64url(out.nonce)).toBe(RFC.nonce);
  });

  it("a push to the RFC's receiver is aes128gcm that it decrypts, padded to 4 KB, with a fresh sender key each time", async () => {
    const target = { endpoint: `https://${PUSH_HOST}/push/rfc`, p256dh: RFC.uaPublic, auth: RFC.auth };
    const vapid = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY! };
    const options = { subject: 'mailto:support@example.com', ttl: 60, urgency: 'high' as const, topic: 'c1' };
    expect(await sendPush(target, { hello: 'watermelon' }, vapid, options, env.ENVIRONMENT)).toBe('sent');
    expect(await sendPush(target, { hello: 'watermelon' }, vapid, options, env.ENVIRONMENT)).toBe('sent');
    const [first, second] = received;
    expect(first!.headers.get('content-encoding')).toBe('aes128gcm');
    expect(first!.headers.get('content-type')).toBe('application/octet-stream');
    expect(first!.headers.get('ttl')).toBe('60');
    expect(first!.headers.get('urgency')).toBe('high');
    expect(first!.headers.get('topic')).toBe('c1');
    // a push service must accept 4096 octets: the header and one padded record fill exactly that
    expect(first!.body.length).toBe(4096);
    const receiver = await rfcReceiver();
    const a = await decrypt(first!.body, receiver, fromBase64url(RFC.auth));
    const b = await decrypt(second!.body, receiver, fromBase64url(RFC.auth));
    expect(JSON.parse(a.text)).toEqual({ hello: 'watermelon' });
    expect(JSON.parse(b.text)).toEqual({ hello: 'watermelon' });
    expect(toBase64url(a.senderPublic)).not.toBe(toBase64url(b.senderPublic));
  });

  it('signs a VAPID JWT (RFC 8292) for the push service with the public key beside it', async () => {
    const vapid = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY! };
    const now = Date.now();
    const header = await vapidAuthorization(vapid, `https://${PUSH_HOST}`, 'mailto:support@example.com', now);
    const [, jwt, k] = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header)!;
    expect(k).toBe(env.VAPID_PUBLIC_KEY);
    const [h, p, s] = jwt!.split('.');
    expect(JSON.parse(new TextDecoder().decode(fromBase64url(h!)))).toEqual({ typ: 'JWT', alg: 'ES256' });
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(p!))) as { aud: string; exp: number; sub: string };
    expect(claims.aud).toBe(`https://${PUSH_HOST}`);
    expect(claims.sub).toBe('mailto:support@example.com');
    // push services refuse an expiry more than 24 hours ahead
    expect(claims.exp * 1000 - now).toBeGreaterThan(3600_000);
    expect(claims.exp * 1000 - now).toBeLessThanOrEqual(24 * 3600_000);
    const point = fromBase64url(env.VAPID_PUBLIC_KEY);
    const key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: toBase64url(point.slice(1, 33)), y: toBase64url(point.slice(33)) },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromBase64url(s!), enc(`${h}.${p}`))).toBe(true);
  });
});

describe('POST /api/user.php?push=1', () => {
  it('registers the subscription for the member; the same browser again is one row', async () => {
    const m = await activeMember();
    const browser = await browserKeys();
    const res = await subscribe(m.cookie, browser.subscription);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: true });
    expect((await subscribe(m.cookie, browser.subscription)).status).toBe(200);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', m.id)).toBe(1);
    const row = await env.DB.prepare('SELECT site, p256dh, auth FROM push_subscriptions WHERE endpoint = ?')
      .bind(browser.subscription.endpoint)
      .first();
    expect(row).toEqual({ site: 'vonkje', p256dh: browser.subscription.keys.p256dh, auth: browser.subscription.keys.auth });
  });

  it('login without push is still the login (the same path)', async () => {
    const m = await activeMember();
    expect((await login(m.email)).res.status).toBe(200);
    expect((await post(`${V}/api/user.php`, { email: m.email, password: 'wrong-horse' })).status).toBe(401);
  });

  it('refuses a visitor, and bad subscriptions with 400 and a localized message', async () => {
    const m = await activeMember();
    const good = (await browserKeys()).subscription;
    const visitor = await post(`${V}/api/user.php?push=1`, good);
    expect(visitor.status).toBe(403);
    expect(((await visitor.json()) as { error: string }).error).toBe('authentication_required');

    const offCurve = toBase64url(new Uint8Array([4, ...new Uint8Array(64).fill(7)]));
    const bad: [string, unknown][] = [
      ['no body', 'not json'],
      ['an array', []],
      ['no endpoint', { keys: good.keys }],
      ['no keys', { endpoint: good.endpoint }],
      ['not a URL', { ...good, endpoint: 'push me' }],
      ['ftp', { ...good, endpoint: 'ftp://push.example.test/x' }],
      ['plain http to another host', { ...good, endpoint: 'http://push.example.test/x' }],
      ['credentials in the URL', { ...good, endpoint: 'https://user:pw@push.example.test/x' }],
      ['a huge endpoint', { ...good, endpoint: `https://push.example.test/${'x'.repeat(3000)}` }],
      ['p256dh too short', { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 60) } }],
      ['p256dh compressed', { ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }],
      ['p256dh not on the curve', { ...good, keys: { ...good.keys, p256dh: offCurve } }],
      ['auth too long', { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } }],
      ['auth not base64url', { ...good, keys: { ...good.keys, auth: '!'.repeat(22) } }],
      ['an unknown field', { ...good, extra: 1 }],
    ];
    for (const [what, body] of bad) {
      const res = await subscribe(m.cookie, body);
      expect(res.status, what).toBe(400);
      const answer = (await res.json()) as { error: string; message: string };
      expect(answer.message, what).toMatch(/\S/);
      expect(answer.message, what).not.toMatch(/zod|Invalid input/i);
    }
    const offCurveAnswer = (await (await subscribe(m.cookie, { ...good, keys: { ...good.keys, p256dh: offCurve } })).json()) as {
      error: string;
      message: string;
    };
    expect(offCurveAnswer).toEqual({ error: 'invalid_push_subscription', message: 'Deze inschrijving voor meldingen is ongeldig.' });
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', m.id)).toBe(0);
    // plain http only to this machine, and only in development (the test bindings)
    expect((await subscribe(m.cookie, { ...good, endpoint: 'http://127.0.0.1:8833/p/1' })).status).toBe(200);
  });

  it('DELETE removes only my own subscription; another member’s is not found', async () => {
    const a = await activeMember();
    const b = await activeMember();
    const mine = await browserKeys();
    const theirs = await browserKeys();
    await subscribe(a.cookie, mine.subscription);
    await subscribe(b.cookie, theirs.subscription);
    const del = (cookie: string, endpoint: string) => post(`${V}/api/user.php?push=1`, { endpoint }, cookie, 'DELETE');
    expect((await del(a.cookie, theirs.subscription.endpoint)).status).toBe(404);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(1);
    const res = await del(a.cookie, mine.subscription.endpoint);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ subscribed: false });
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', a.id)).toBe(0);
    expect((await del(a.cookie, mine.subscription.endpoint)).status).toBe(404);
    expect((await post(`${V}/api/user.php?push=1`, { endpoint: mine.subscription.endpoint }, undefined, 'DELETE')).status).toBe(403);
  });

  it('a browser moves to the member who registers it there now, and a member keeps the newest 20', async () => {
    const a = await activeMember();
    const b = await activeMember();
    const shared = await browserKeys();
    await subscribe(a.cookie, shared.subscription);
    await subscribe(b.cookie, shared.subscription);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', a.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(1);
    for (let i = 0; i < 22; i++) await subscribe(b.cookie, (await browserKeys()).subscription);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(20);
  });
});

describe('pushes', () => {
  async function pair() {
    const a = await activeMember();
    const b = await activeMember(undefined, { gender: 'female' });
    await env.DB.prepare('UPDATE members SET paid_user = 1, credits = 100 WHERE id = ?').bind(a.id).run();
    return { a, b };
  }
  const send = (cookie: string, to: number, text: string) =>
    through('/api/message.php', {
      method: 'POST',
      headers: { ...H, cookie: `sid=${cookie}` },
      body: JSON.stringify({ to, kind: 'text', text, client_id: `push-${crypto.randomUUID()}` }),
    });

  it('a new message reaches every browser of the recipient, encrypted, in their language, nothing of its text', async () => {
    const { a, b } = await pair();
    const phone = await browserKeys();
    const laptop = await browserKeys();
    await subscribe(b.cookie, phone.subscription);
    await subscribe(b.cookie, laptop.subscription);
    const first = await send(a.cookie, b.id, 'Hoi, zin in een date?');
    expect(first.status).toBe(201);
    const { conversation } = (await first.json()) as { conversation: number };
    expect(received.map((r) => r.url).sort()).toEqual([phone.subscription.endpoint, laptop.subscription.endpoint].sort());
    const onPhone = await payloadOf(
      received.find((r) => r.url === phone.subscription.endpoint)!,
      phone,
    );
    expect(onPhone).toEqual({
      title: 'Sam begon een gesprek met je',
      body: 'Lees het bericht en stuur iets terug.',
      tag: `conversation-${conversation}`,
      url: `/chats/${conversation}`,
      icon: '/notification-icon.png',
    });
    expect(JSON.stringify(onPhone)).not.toContain('date');
    expect(received[0]!.headers.get('authorization')).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);

    // the next one is a new message; in English for a member whose language is English
    received = [];
    await env.DB.prepare("UPDATE members SET language = 'en' WHERE id = ?").bind(b.id).run();
    await send(a.cookie, b.id, 'Nog een');
    expect(
      await payloadOf(
        received.find((r) => r.url === phone.subscription.endpoint)!,
        phone,
      ),
    ).toMatchObject({ title: 'New message from Sam', body: 'Open the conversation to read it.' });
  });

  it('404 and 410 from the push service remove that subscription; other failures keep it', async () => {
    const { a, b } = await pair();
    const gone = await browserKeys();
    const expired = await browserKeys();
    const busy = await browserKeys();
    const fine = await browserKeys();
    for (const x of [gone, expired, busy, fine]) await subscribe(b.cookie, x.subscription);
    answers.set(gone.subscription.endpoint, 404);
    answers.set(expired.subscription.endpoint, 410);
    answers.set(busy.subscription.endpoint, 503);
    // the deliveries queue as a recorder: the retry's own delivery is the next test's
    const queued: { body: Delivery; delaySeconds?: number }[] = [];
    const queue = {
      sendBatch: async (batch: { body: Delivery; delaySeconds?: number }[]) => void queued.push(...batch),
      send: async () => {},
    } as unknown as Queue<Delivery>;
    const result = await notifyPush({ ...env, DELIVERIES: queue }, getDb(env.DB), b.id, 'like', {
      kind: 'like',
      from: { id: a.id, name: 'Sam' },
    });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    const left = await env.DB.prepare('SELECT id, endpoint FROM push_subscriptions WHERE member_id = ? ORDER BY endpoint')
      .bind(b.id)
      .all<{ id: number; endpoint: string }>();
    expect(left.results.map((r) => r.endpoint)).toEqual([busy.subscription.endpoint, fine.subscription.endpoint].sort());
    // the one that failed for now goes to the deliveries queue, to be tried again with backoff
    const busyId = left.results.find((r) => r.endpoint === busy.subscription.endpoint)!.id;
    expect(queued).toEqual([
      {
        body: {
          t: 'push',
          subscription: busyId,
          member: b.id,
          payload: expect.objectContaining({ tag: `like-${a.id}`, url: `/likes/m/${a.id}` }),
          options: expect.objectContaining({ urgency: 'normal', ttl: 86400, subject: expect.stringMatching(/^mailto:/) }),
        },
        contentType: 'json',
        delaySeconds: 10,
      },
    ]);
  });

  it('the deliveries queue tries a failed push again: sent when the push service is back, retried while it is not, dropped when the subscription went', async () => {
    const { a, b } = await pair();
    const busy = await browserKeys();
    await subscribe(b.cookie, busy.subscription);
    const { id } = (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE member_id = ?').bind(b.id).first<{ id: number }>())!;
    const retry = {
      t: 'push',
      subscription: id,
      member: b.id,
      payload: {
        title: 'Sam vindt je leuk',
        body: 'Bekijk wie het is.',
        tag: `like-${a.id}`,
        url: `/likes/m/${a.id}`,
        icon: '/notification-icon.png',
      },
      options: { subject: 'mailto:support@vonkje.nl', ttl: 86400, urgency: 'normal' },
    } as const;
    const run = async (body: unknown, attempts = 1) => {
      const batch = createMessageBatch('datingsite-deliveries', [
        { id: `p-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body },
      ]);
      const spy = vi.spyOn(batch.messages[0]!, 'retry');
      await consumeDeliveries(batch, env);
      return { ...(await getQueueResult(batch, createExecutionContext())), delays: spy.mock.calls.map(([o]) => o?.delaySeconds) };
    };
    answers.set(busy.subscription.endpoint, 503);
    const still = await run(retry, 2);
    expect(still.retryMessages).toHaveLength(1);
    expect(still.delays).toEqual([30]);
    answers.delete(busy.subscription.endpoint);
    received = [];
    const back = await run(retry, 3);
    expect(back.explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect(await payloadOf(received[0]!, busy)).toEqual(retry.payload);
    // another member's id in the message, or a subscription that went: nothing is sent
    received = [];
    expect((await run({ ...retry, member: a.id })).explicitAcks).toHaveLength(1);
    await env.DB.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(id).run();
    expect((await run(retry)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(0);
  });

  it('not while a tab of the recipient shows the conversation; again when it does not', async () => {
    const { a, b } = await pair();
    const browser = await browserKeys();
    await subscribe(b.cookie, browser.subscription);
    const { conversation } = (await (await send(a.cookie, b.id, 'Eerste')).json()) as { conversation: number };
    expect(received).toHaveLength(1);

    // b's tab opens the live connection and says it shows the conversation
    const live = await worker.fetch(
      new Request(`${V}/api/live.php`, { headers: { upgrade: 'websocket', origin: V, cookie: `sid=${b.cookie}` } }),
      env,
      createExecutionContext(),
    );
    expect(live.status).toBe(101);
    const ws = live.webSocket!;
    ws.accept();
    const inbox = env.INBOX.get(env.INBOX.idFromName(String(b.id)));
    ws.send(JSON.stringify({ type: 'viewing', conversations: [conversation] }));
    for (let i = 0; i < 100 && !(await inbox.viewing(conversation)); i++) await new Promise((r) => setTimeout(r, 10));
    expect(await inbox.viewing(conversation)).toBe(true);

    received = [];
    expect((await send(a.cookie, b.id, 'Tweede')).status).toBe(201);
    expect(received).toHaveLength(0);
    expect(
      await notifyPush(env, getDb(env.DB), b.id, 'new_message', { kind: 'message', conversation, from: { id: a.id, name: 'Sam' } }),
    ).toEqual({ sent: 0, removed: 0, failed: 0, skipped: 'viewing' });
    // a like is pushed all the same (it is not the conversation on screen)
    expect((await notifyPush(env, getDb(env.DB), b.id, 'like', { kind: 'like', from: { id: a.id, name: 'Sam' } })).sent).toBe(1);

    // the tab is hidden (or shows something else): pushes again
    received = [];
    ws.send(JSON.stringify({ type: 'viewing', conversations: [] }));
    for (let i = 0; i < 100 && (await inbox.viewing(conversation)); i++) await new Promise((r) => setTimeout(r, 10));
    await send(a.cookie, b.id, 'Derde');
    expect(received).toHaveLength(1);
    // junk on the socket changes nothing
    ws.send('{"type":"viewing","conversations":["x"]}');
    ws.send('not json');
    ws.close(1000);
  });

  it('likes and matches are pushed to the liked member, once per like', async () => {
    const { a, b } = await pair();
    const browserA = await browserKeys();
    const browserB = await browserKeys();
    await subscribe(a.cookie, browserA.subscription);
    await subscribe(b.cookie, browserB.subscription);
    const like = (cookie: string, id: number) =>
      through('/api/like.php', { method: 'POST', headers: { ...H, cookie: `sid=${cookie}` }, body: JSON.stringify({ id }) });

    expect((await like(a.cookie, b.id)).status).toBe(200);
    expect(received.map((r) => r.url)).toEqual([browserB.subscription.endpoint]);
    expect(await payloadOf(received[0]!, browserB)).toEqual({
      title: 'Sam vindt je leuk',
      body: 'Bekijk het profiel en like terug voor een match.',
      tag: `like-${a.id}`,
      url: `/likes/m/${a.id}`,
      icon: '/notification-icon.png',
    });
    // liking again is the same like: nothing new to tell
    await like(a.cookie, b.id);
    expect(received).toHaveLength(1);

    received = [];
    await like(b.cookie, a.id);
    expect(received.map((r) => r.url)).toEqual([browserA.subscription.endpoint]);
    expect(await payloadOf(received[0]!, browserA)).toMatchObject({
      title: 'Het is een match met Sam!',
      url: `/members/${b.id}/chat`,
      tag: `match-${b.id}`,
    });
  });

  it("the member's preferences: a type switched off for push is not pushed, the other types still are", async () => {
    const { a, b } = await pair();
    const browser = await browserKeys();
    await subscribe(b.cookie, browser.subscription);
    const saved = await through('/api/notifications.php', {
      method: 'PUT',
      headers: { ...H, cookie: `sid=${b.cookie}` },
      body: JSON.stringify({ preferences: { push: { like: false } } }),
    });
    expect(saved.status).toBe(200);
    expect(
      (await through('/api/like.php', { method: 'POST', headers: { ...H, cookie: `sid=${a.cookie}` }, body: JSON.stringify({ id: b.id }) }))
        .status,
    ).toBe(200);
    expect(received).toEqual([]);
    // e-mail preferences are another channel: a message is still pushed
    expect((await send(a.cookie, b.id, 'Hoi')).status).toBe(201);
    expect(received.map((r) => r.url)).toEqual([browser.subscription.endpoint]);
  });

  it('a browser that logged out gets nothing, and its subscription goes', async () => {
    const { a, b } = await pair();
    const browser = await browserKeys();
    await subscribe(b.cookie, browser.subscription);
    await through('/api/logout.php', { headers: { cookie: `sid=${b.cookie}` } });
    expect(await notifyPush(env, getDb(env.DB), b.id, 'like', { kind: 'like', from: { id: a.id, name: 'Sam' } })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
      skipped: 'no_subscriptions',
    });
    expect(received).toHaveLength(0);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(0);
  });

  it('without the private key nothing is sent (and nothing breaks)', async () => {
    const { a, b } = await pair();
    await subscribe(b.cookie, (await browserKeys()).subscription);
    const result = await notifyPush({ ...env, VAPID_PRIVATE_KEY: undefined }, getDb(env.DB), b.id, 'like', {
      kind: 'like',
      from: { id: a.id, name: 'Sam' },
    });
    expect(result.skipped).toBe('not_configured');
    expect(received).toHaveLength(0);
  });
});

describe('only the browsers’ push services (issue 31, finding 1)', () => {
  const NOT_ALLOWED = {
    error: 'push_service_not_allowed',
    message: 'Meldingen kunnen alleen via de pushdienst van je browser (Google, Mozilla, Apple of Microsoft).',
  };
  /** One endpoint of each push service (the shapes the browsers give), each of the list's entries. */
  const ACCEPTED = [
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH-test',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABtest',
    'https://web.push.apple.com/QGdVbmQyNGZhZTE5',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAD%2btest',
  ];
  /** The worker as a deploy configures it, on the site's own domain. */
  const deployed = async (cookie: string, body: unknown) => {
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request('https://vonkje.nl/api/user.php?push=1', {
        method: 'POST',
        headers: { ...H, origin: 'https://vonkje.nl', cookie: `sid=${cookie}` },
        body: JSON.stringify(body),
      }),
      { ...env, ENVIRONMENT: 'production', PAYMENT_PROVIDER: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return res;
  };

  it('refuses every other host with 400 push_service_not_allowed: metadata, private, internal, loopback when deployed, any web host, look-alikes', async () => {
    const m = await activeMember();
    const { keys } = (await browserKeys()).subscription;
    const refused = [
      // cloud metadata
      'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://[fd00:ec2::254]/latest/meta-data/',
      // private addresses and internal names
      'https://10.0.0.5/push',
      'https://192.168.1.1/push',
      'https://172.16.0.1/push',
      'https://intranet/push',
      'https://db.internal.example/push',
      // any web host
      'https://example.com/push',
      'https://attacker.example/collect?x=1',
      // look-alikes of the list's hosts, another port, plain http, another Google host
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
      'https://fcm.googleapis.com./fcm/send/x',
      'https://xfcm.googleapis.com/fcm/send/x',
      'https://android.googleapis.com/gcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'http://updates.push.services.mozilla.com/wpush/v2/x',
      'https://push.services.mozilla.com/wpush/v2/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://web.push.apple.com.attacker.example/x',
      'https://notify.windows.com/w/?token=x',
      'https://wns2-by3p.notify.windows.com.attacker.example/w/?token=x',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(m.cookie, { endpoint, expirationTime: null, keys });
      expect(res.status, endpoint).toBe(400);
      expect(await res.json(), endpoint).toEqual(NOT_ALLOWED);
    }
    // this machine's push endpoints (the tests', the benchmark's) only in development: deployed, refused too
    for (const endpoint of [
      'http://127.0.0.1:8833/p/1',
      'https://push.localhost/p/1',
      'http://localhost:8833/p/1',
      'https://[::1]/p/1',
      ...refused,
    ]) {
      const res = await deployed(m.cookie, { endpoint, expirationTime: null, keys });
      expect(res.status, endpoint).toBe(400);
      expect(await res.json(), endpoint).toEqual(NOT_ALLOWED);
    }
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', m.id)).toBe(0);
  });

  it('accepts each push service, in development and when deployed', async () => {
    const m = await activeMember();
    for (const endpoint of ACCEPTED) {
      const { keys } = (await browserKeys()).subscription;
      const res = await subscribe(m.cookie, { endpoint, expirationTime: null, keys });
      expect(res.status, endpoint).toBe(200);
    }
    for (const endpoint of ACCEPTED) {
      const { keys } = (await browserKeys()).subscription;
      const res = await deployed(m.cookie, { endpoint: `${endpoint}-deployed`, expirationTime: null, keys });
      expect(res.status, endpoint).toBe(200);
    }
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', m.id)).toBe(8);
  });

  it('a row naming no push service (saved before the list) is never posted to, and is deleted; the queue’s retry of one too', async () => {
    const a = await activeMember();
    const b = await activeMember(undefined, { gender: 'female' });
    const good = await browserKeys();
    await subscribe(b.cookie, good.subscription);
    // rows as the old registration let anyone save them, under b's live session
    const bad = ['https://169.254.169.254/latest/meta-data/x', 'https://10.0.0.5/push/x', 'https://attacker.example/collect'];
    for (const endpoint of bad)
      await env.DB.prepare(
        'INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, site, session_hash, user_agent, created_at) SELECT member_id, ?, p256dh, auth, site, session_hash, user_agent, created_at FROM push_subscriptions WHERE endpoint = ?',
      )
        .bind(endpoint, good.subscription.endpoint)
        .run();
    const badIds = (
      await env.DB.prepare('SELECT id FROM push_subscriptions WHERE member_id = ? AND endpoint != ?')
        .bind(b.id, good.subscription.endpoint)
        .all<{ id: number }>()
    ).results.map((r) => r.id);
    expect(badIds).toHaveLength(3);
    // a retry of one of them already in the queue: acknowledged, nothing sent, the row gone
    const retry = {
      t: 'push',
      subscription: badIds[0],
      member: b.id,
      payload: { title: 'x', body: 'y', tag: 'like-1', url: '/likes', icon: '/notification-icon.png' },
      options: { subject: 'mailto:support@vonkje.nl', ttl: 60, urgency: 'normal' },
    };
    const batch = createMessageBatch('datingsite-deliveries', [{ id: 'p-old-row', timestamp: new Date(), attempts: 1, body: retry }]);
    await consumeDeliveries(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(1);
    expect(received).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE id = ?', badIds[0])).toBe(0);

    const result = await notifyPush(env, getDb(env.DB), b.id, 'like', { kind: 'like', from: { id: a.id, name: 'Sam' } });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 0 });
    expect(received.map((r) => r.url)).toEqual([good.subscription.endpoint]);
    expect(outside).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(1);
    // and when deployed, this machine's endpoints are such rows too
    received = [];
    expect(
      await notifyPush({ ...env, ENVIRONMENT: 'production' }, getDb(env.DB), b.id, 'like', {
        kind: 'like',
        from: { id: a.id, name: 'Sam' },
      }),
    ).toMatchObject({ sent: 0, removed: 1 });
    expect(received).toEqual([]);
  });

  it('a redirect is never followed: sent with redirect "manual", a 3xx counts as failed, is not tried again, and the subscription stays', async () => {
    const a = await activeMember();
    const b = await activeMember(undefined, { gender: 'female' });
    const browsers = [await browserKeys(), await browserKeys(), await browserKeys(), await browserKeys()];
    for (const [i, x] of browsers.entries()) {
      await subscribe(b.cookie, x.subscription);
      answers.set(x.subscription.endpoint, [301, 302, 307, 308][i]!);
    }
    const queued: unknown[] = [];
    const queue = { sendBatch: async (batch: unknown[]) => void queued.push(...batch), send: async () => {} } as unknown as Queue<Delivery>;
    const result = await notifyPush({ ...env, DELIVERIES: queue }, getDb(env.DB), b.id, 'like', {
      kind: 'like',
      from: { id: a.id, name: 'Sam' },
    });
    expect(result).toEqual({ sent: 0, removed: 0, failed: 4 });
    expect(received).toHaveLength(4);
    expect(received.map((r) => r.redirect)).toEqual(['manual', 'manual', 'manual', 'manual']);
    // the Location (a metadata address) was never asked
    expect(outside).toEqual([]);
    expect(queued).toEqual([]);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(4);
  });

  it(`a like/unlike burst makes at most ${PUSH_LIMIT.limit} pushes a minute to one member, across requests and queue retries; the next minute again`, async () => {
    const start = new Date();
    clock.setNow(start);
    const a = await activeMember();
    const b = await activeMember(undefined, { gender: 'female' });
    // b's 20 browsers (the most a member keeps)
    const browsers = await Promise.all(Array.from({ length: 20 }, () => browserKeys()));
    for (const x of browsers) expect((await subscribe(b.cookie, x.subscription)).status).toBe(200);
    const like = (method: 'POST' | 'DELETE') =>
      through('/api/like.php', { method, headers: { ...H, cookie: `sid=${a.cookie}` }, body: JSON.stringify({ id: b.id }) });
    for (let cycle = 0; cycle < 5; cycle++) {
      expect((await like('POST')).status).toBe(200);
      expect((await like('DELETE')).status).toBe(200);
    }
    // 5 cycles would have been 100 POSTs: the newest browsers got the first like, the rest of the room the second
    expect(received).toHaveLength(PUSH_LIMIT.limit);
    // a queued retry for b past the limit is dropped, not sent
    const { id } = (await env.DB.prepare('SELECT id FROM push_subscriptions WHERE member_id = ? LIMIT 1')
      .bind(b.id)
      .first<{ id: number }>())!;
    const retry = {
      t: 'push',
      subscription: id,
      member: b.id,
      payload: { title: 'x', body: 'y', tag: `like-${a.id}`, url: '/likes', icon: '/notification-icon.png' },
      options: { subject: 'mailto:support@vonkje.nl', ttl: 60, urgency: 'normal' },
    };
    const batch = createMessageBatch('datingsite-deliveries', [{ id: 'p-limited', timestamp: new Date(), attempts: 1, body: retry }]);
    await consumeDeliveries(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(PUSH_LIMIT.limit);
    expect(await notifyPush(env, getDb(env.DB), b.id, 'like', { kind: 'like', from: { id: a.id, name: 'Sam' } })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
      limited: 20,
      skipped: 'rate_limited',
    });

    // a minute later there is room again
    clock.setNow(new Date(start.getTime() + PUSH_LIMIT.windowMs + 1000));
    received = [];
    expect((await like('POST')).status).toBe(200);
    expect(received).toHaveLength(20);
  });
});

describe('an endpoint is not taken over by naming it (issue 31, finding 9)', () => {
  it('another member registering my endpoint without its keys gets 409 and the row stays mine; with the keys it moves; I may rotate my keys', async () => {
    const a = await activeMember();
    const b = await activeMember();
    const mine = await browserKeys();
    const other = await browserKeys();
    expect((await subscribe(a.cookie, mine.subscription)).status).toBe(200);
    const row = () =>
      env.DB.prepare('SELECT member_id AS member, p256dh, auth, session_hash AS session FROM push_subscriptions WHERE endpoint = ?')
        .bind(mine.subscription.endpoint)
        .first();
    const before = await row();

    const takeovers = [
      other.subscription.keys,
      { p256dh: mine.subscription.keys.p256dh, auth: other.subscription.keys.auth },
      { p256dh: other.subscription.keys.p256dh, auth: mine.subscription.keys.auth },
    ];
    for (const keys of takeovers) {
      const res = await subscribe(b.cookie, { ...mine.subscription, keys });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: 'push_subscription_taken',
        message: 'Deze inschrijving voor meldingen hoort bij een ander account.',
      });
    }
    expect(await row()).toEqual(before);
    expect(await count('SELECT count(*) AS n FROM push_subscriptions WHERE member_id = ?', b.id)).toBe(0);
    // my pushes still reach my browser only
    expect((await notifyPush(env, getDb(env.DB), a.id, 'like', { kind: 'like', from: { id: b.id, name: 'Sam' } })).sent).toBe(1);
    expect(await payloadOf(received[0]!, mine)).toMatchObject({ tag: `like-${b.id}` });

    // the browser rotated its keys: the same member registers them again
    const rotated = { ...mine.subscription, keys: other.subscription.keys };
    expect((await subscribe(a.cookie, rotated)).status).toBe(200);
    expect(await row()).toMatchObject({ member: a.id, p256dh: other.subscription.keys.p256dh, auth: other.subscription.keys.auth });
    // another member logging in on that browser holds its keys: it moves to them
    expect((await subscribe(b.cookie, rotated)).status).toBe(200);
    expect(await row()).toMatchObject({ member: b.id });
  });
});
