import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';
import { browserJson, dismissBanners, expect, freshMember, loginAs, screenshots, site, test } from './fixtures';

/*
 * Web Push in Chromium. Headless Chromium cannot make a real subscription here: in Playwright's
 * (incognito) contexts pushManager.subscribe() is refused at once ("Registration failed -
 * permission denied"), and in a persistent profile it waits for Google's push service, which is
 * not reachable offline. So the browser's subscribe() is replaced by one that names a local push
 * endpoint this test runs, with keys the test holds; everything else is real: the app's enable
 * button and its POST, the worker encrypting and sending to that endpoint, the test decrypting
 * it (RFC 8291), and the service worker showing it (delivered through the DevTools protocol) and
 * opening the conversation on a click. The local endpoint is http://127.0.0.1:<port>: a name of
 * this machine, which the worker accepts in development only (worker/lib/push.ts PUSH_SERVICES).
 */

type Push = { url: string; headers: IncomingHttpHeaders; body: Buffer };
let pushes: Push[] = [];
let server: Server;
let endpointBase = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpointBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The receiving browser's side of RFC 8291 (aes128gcm), with Node's crypto. */
function decrypt(body: Buffer, keys: ReturnType<typeof createECDH>, auth: Buffer) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const sender = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ikm = Buffer.from(
    hkdfSync('sha256', keys.computeSecret(sender), auth, Buffer.concat([Buffer.from('WebPush: info\0'), keys.getPublicKey(), sender]), 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Replaces the browser's pushManager.subscribe()/getSubscription() (see above) with a
 * subscription to the local endpoint, kept in localStorage so a reload finds it like a real one.
 */
async function fakePushService(context: BrowserContext, endpoint: string, p256dh: string, auth: string) {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const made = (key: ArrayBuffer) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => (localStorage.removeItem('test-push-key'), true),
      });
      const stored = () => {
        const key = localStorage.getItem('test-push-key');
        return key ? made(Uint8Array.from(JSON.parse(key) as number[]).buffer) : null;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
        localStorage.setItem('test-push-key', JSON.stringify([...key]));
        return stored() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => stored() as unknown as PushSubscription | null;
    },
    { endpoint, p256dh, auth },
  );
}

/** The service worker's registration id (DevTools protocol), to deliver a push message to it. */
async function registrationId(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const found = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === site('vonkje', '/') && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

test.describe.configure({ mode: 'serial' });
test.use({ country: 'NL' });

test('the push alert: shown where the spec allows, with its enable button, dismissed for two weeks', async ({ browser }) => {
  const pia = await freshMember(browser, 'Pushpia', 'female');
  try {
    const { page } = pia;
    // one banner at a time (issue 33): the new member's welcome bonus and photo alert come first
    await dismissBanners(page, ['hide-welcome-bonus-alert']);
    await page.goto(site('vonkje', '/members'));
    const photo = page.getByRole('region', { name: 'Profielfoto toevoegen' });
    await photo.getByRole('button', { name: 'Melding sluiten' }).click();
    const alert = page.getByRole('region', { name: 'Meldingen' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Aanzetten' })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /^Gevonden leden/ })
        .getByRole('list')
        .first(),
    ).toBeVisible();
    await screenshots(page, 'push-alert');
    // hidden on the premium and notifications screens (spec section 2)
    await page.goto(site('vonkje', '/premium'));
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Meldingen' })).toHaveCount(0);

    await page.goto(site('vonkje', '/members'));
    await page.getByRole('region', { name: 'Meldingen' }).getByRole('button', { name: 'Niet nu' }).click();
    await expect(page.getByRole('region', { name: 'Meldingen' })).toHaveCount(0);
    expect(Number(await page.evaluate(() => localStorage.getItem('hide-push-notification-alert')))).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profielfoto toevoegen' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Meldingen' })).toHaveCount(0);
  } finally {
    await pia.close();
  }
});

test('enable → subscribed at the worker → a message is pushed to the local endpoint, encrypted → the service worker shows it and a click opens the conversation', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${endpointBase}/push/${Date.now()}`;

  const bea = await freshMember(browser, 'Pushbea', 'female');
  try {
    await bea.context.grantPermissions(['notifications'], { origin: site('vonkje', '').replace(/\/$/, '') });
    await fakePushService(bea.context, endpoint, keys.getPublicKey('base64url'), auth.toString('base64url'));
    await dismissBanners(bea.page, ['hide-welcome-bonus-alert', 'hide-enrich-alert']);
    await bea.page.goto(site('vonkje', '/members'));
    const alert = bea.page.getByRole('region', { name: 'Meldingen' });
    const saved = bea.page.waitForResponse((r) => r.url().endsWith('/api/user.php?push=1') && r.request().method() === 'POST');
    await alert.getByRole('button', { name: 'Aanzetten' }).click();
    expect((await saved).status()).toBe(200);
    await expect(alert).toHaveCount(0);
    // the service worker of spec section 9 runs, version 2
    const version = await bea.page.evaluate(
      () =>
        new Promise((resolve) => {
          navigator.serviceWorker.addEventListener('message', (e) => resolve((e.data as { version: number }).version), { once: true });
          void navigator.serviceWorker.ready.then((r) => r.active!.postMessage('version'));
        }),
    );
    expect(version).toBe(2);

    // a message from the demo premium member
    await loginAs(page, 'premium@example.com');
    pushes = [];
    const sent = await page.evaluate(async (to) => {
      const res = await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify({ to, kind: 'text', text: 'Hoi Bea!', client_id: `e2e-push-${Date.now()}` }),
      });
      return (await res.json()) as { conversation: number };
    }, bea.id);
    await expect.poll(() => pushes.length).toBe(1);
    const push = pushes[0]!;
    expect(push.url).toBe(new URL(endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(decrypt(push.body, keys, auth)) as { title: string; body: string; tag: string; url: string };
    expect(payload).toMatchObject({
      title: 'Demo Premium begon een gesprek met je',
      tag: `conversation-${sent.conversation}`,
      url: `/chats/${sent.conversation}`,
    });
    // the VAPID JWT is signed with the key the site gave the browser, for this push service
    const { push_public_key } = await browserJson<{ push_public_key: string }>(page, '/api/settings.php');
    const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '')!;
    expect(k).toBe(push_public_key);
    const [h, p, s] = jwt!.split('.');
    expect(JSON.parse(Buffer.from(p!, 'base64url').toString())).toMatchObject({
      aud: endpointBase,
      sub: expect.stringMatching(/^mailto:/),
    });
    const point = Buffer.from(push_public_key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    expect(verify('sha256', Buffer.from(`${h}.${p}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))).toBe(
      true,
    );

    // the decrypted message, delivered to the service worker as the browser's push service would
    const { cdp, id } = await registrationId(bea.page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: site('vonkje', '').replace(/\/$/, ''),
      registrationId: id,
      data: JSON.stringify(payload),
    });
    const shown = () =>
      bea.page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
      );
    await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

    // a click on it brings the tab to the conversation (the click as the browser dispatches it)
    const worker = bea.context.serviceWorkers()[0] ?? (await bea.context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationClick = (
        self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationClick('notificationclick', { notification: notification! }));
    });
    await expect(bea.page).toHaveURL(site('vonkje', `/chats/${sent.conversation}`));
    await expect(bea.page.getByRole('log', { name: 'Berichten met Demo Premium' })).toContainText('Hoi Bea!');
    await expect.poll(shown).toEqual([]);

    // with the conversation on screen, the next message is not pushed; the tab gets it live. First
    // the tab's live connection must be up (it told the worker what it shows when it opened): the
    // other member's typing shows there only through it.
    const typing = bea.page.getByText('Demo Premium typt…');
    await expect(async () => {
      await page.evaluate(async (conversation) => {
        await fetch('/api/typing.php', {
          method: 'POST',
          headers: { 'request-type': 'client', 'content-type': 'application/json' },
          body: JSON.stringify({ conversation }),
        });
      }, sent.conversation);
      await expect(typing).toBeVisible({ timeout: 1_000 });
    }).toPass();
    pushes = [];
    await page.evaluate(async (to) => {
      await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify({ to, kind: 'text', text: 'Leuk dat je er bent', client_id: `e2e-push-2-${Date.now()}` }),
      });
    }, bea.id);
    await expect(bea.page.getByRole('log', { name: 'Berichten met Demo Premium' })).toContainText('Leuk dat je er bent');
    // on another screen the next one is pushed again
    await bea.page.goto(site('vonkje', '/members'));
    await expect(bea.page.getByRole('main')).toBeVisible();
    expect(pushes).toHaveLength(0);
    await page.evaluate(async (to) => {
      await fetch('/api/message.php', {
        method: 'POST',
        headers: { 'request-type': 'client', 'content-type': 'application/json' },
        body: JSON.stringify({ to, kind: 'text', text: 'Ben je er nog?', client_id: `e2e-push-3-${Date.now()}` }),
      });
    }, bea.id);
    await expect.poll(() => pushes.length).toBe(1);
    expect(JSON.parse(decrypt(pushes[0]!.body, keys, auth))).toMatchObject({ title: 'Nieuw bericht van Demo Premium' });
  } finally {
    await bea.close();
  }
});
