import { encryptNotification } from '@block65/webcrypto-web-push';
import rosetta from 'rosetta';
import de from '../../locales/mail/de.json';
import en from '../../locales/mail/en.json';
import nl from '../../locales/mail/nl.json';
import { SUPPORTED_LOCALES, type Locale } from '../../tenants/schema';
import type { Bindings } from '../env';
import type { Rule } from './rate-limit';
import { isLocalHost } from './tenants';

/*
 * Web Push from the worker, no third party between us and the browser's push service:
 * payloads encrypted per RFC 8291 (aes128gcm, padded to 4 KB so the length tells nothing) by
 * @block65/webcrypto-web-push on Web Crypto, authenticated with a VAPID JWT (RFC 8292) signed here.
 */

export type VapidKeys = { publicKey: string; privateKey: string };
/** Where a push goes: the browser's push service URL and its keys (PushSubscription.toJSON()). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushOptions = {
  /** RFC 8292 `sub`: a mailto: or https: contact for the push service. */
  subject: string;
  /** Seconds the push service keeps it for an offline browser (RFC 8030 TTL). */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer push with the same topic replaces one still waiting at the push service (≤ 32 base64url characters). */
  topic?: string;
};
/**
 * `gone`: the push service forgot the subscription (404, 410), or it can never be encrypted or
 * sent to (its endpoint is not an allowed push service): delete it. `failed`: for now (429, 5xx,
 * no answer), try again later. `refused`: a redirect, never followed and not worth trying again.
 */
export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/**
 * Pushes (POSTs to a push service) one member's browsers get at most per minute, counted in
 * rate_limits over every request, isolate and queue retry: a burst (like, unlike, like again,
 * from one or many members) never makes more. 30: a member with 3 browsers still gets 10 events a
 * minute (a chat on screen is not pushed at all); a newer push of the same topic replaces an older
 * one at the push service anyway, and the app shows everything when opened.
 */
export const PUSH_LIMIT: Rule = { limit: 30, windowMs: 60_000 };
export const pushLimitKey = (memberId: number) => `push:${memberId}`;
/** A push service that does not answer within this long counts as failed (the next event tries again). */
const SEND_TIMEOUT_MS = 10_000;

const i18n = rosetta({ nl, en, de });
/** A push text (locales/mail, `push.*`) in the member's language, Dutch when it lacks one. */
export function pushText(locale: string, key: string, vars: Record<string, unknown>): string {
  const l: Locale = (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'nl';
  return i18n.t(`push.${key}`, vars, l) || i18n.t(`push.${key}`, vars, 'nl');
}

export const toBase64url = (bytes: Uint8Array) => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
export const fromBase64url = (s: string) => {
  const b64 = s.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

/** The VAPID key pair of this deployment, or null when the private key (a secret) is not set. */
export function vapidOf(env: Pick<Bindings, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>): VapidKeys | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null;
}

/**
 * The push services a subscription may name, the one list of them: the browsers' own services,
 * nothing else (a member-chosen URL would make the worker POST wherever a member likes). An entry
 * is a host, or `*.` and a domain for any host below it (Apple and Microsoft name one per region).
 * Chrome, Edge's Chromium, Opera, Brave and Samsung Internet use FCM; Firefox Mozilla's autopush;
 * Safari Apple's; legacy Edge and Windows apps WNS.
 */
export const PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
] as const;

const isPushService = (host: string) =>
  PUSH_SERVICES.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );

/**
 * Why an endpoint is not one we send to, or null when it is: https on the default port to one of
 * PUSH_SERVICES, without credentials in the URL. In development also the local push endpoints of
 * the tests and the benchmark, by name: this machine's loopback hosts (isLocalHost), http or https.
 * Checked when a subscription is registered and again before every send.
 */
export function pushEndpointRefusal(
  endpoint: string,
  environment: string | undefined,
): 'invalid_push_subscription' | 'push_service_not_allowed' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid_push_subscription';
  }
  if (url.username || url.password || (url.protocol !== 'https:' && url.protocol !== 'http:')) return 'invalid_push_subscription';
  if (environment === 'development' && isLocalHost(url.hostname)) return null;
  return url.protocol === 'https:' && url.port === '' && isPushService(url.hostname) ? null : 'push_service_not_allowed';
}
export const pushEndpointAllowed = (endpoint: string, environment: string | undefined) =>
  pushEndpointRefusal(endpoint, environment) === null;

/** The browser's keys are usable: p256dh a point on P-256 (Web Crypto refuses any other), auth 16 bytes. */
export async function validPushKeys(p256dh: string, auth: string): Promise<boolean> {
  try {
    const point = fromBase64url(p256dh);
    if (point.length !== 65 || point[0] !== 4 || fromBase64url(auth).length !== 16) return false;
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/**
 * VAPID JWTs (ES256) kept per push service, key and subject for this isolate: valid 12 hours
 * (push services refuse more than 24), made again after 11. Only finished values are kept,
 * never a pending promise (README, the app shell).
 */
const jwts = new Map<string, { header: string; renewAt: number }>();
const signingKeys = new Map<string, CryptoKey>();
const json64 = (value: unknown) => toBase64url(new TextEncoder().encode(JSON.stringify(value)));

export async function vapidAuthorization(vapid: VapidKeys, audience: string, subject: string, now = Date.now()): Promise<string> {
  const cacheKey = `${vapid.publicKey}|${audience}|${subject}`;
  const cached = jwts.get(cacheKey);
  if (cached && cached.renewAt > now) return cached.header;
  let key = signingKeys.get(vapid.publicKey);
  if (!key) {
    const point = fromBase64url(vapid.publicKey);
    key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: toBase64url(point.slice(1, 33)), y: toBase64url(point.slice(33, 65)), d: vapid.privateKey },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    signingKeys.set(vapid.publicKey, key);
  }
  const unsigned = `${json64({ typ: 'JWT', alg: 'ES256' })}.${json64({ aud: audience, exp: Math.floor(now / 1000) + 12 * 3600, sub: subject })}`;
  // Web Crypto's ECDSA signature is r‖s, 64 bytes: exactly JWS's ES256 form
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(unsigned)));
  const header = `vapid t=${unsigned}.${toBase64url(signature)}, k=${vapid.publicKey}`;
  if (jwts.size > 100) jwts.clear();
  jwts.set(cacheKey, { header, renewAt: now + 11 * 3600_000 });
  return header;
}

/**
 * Encrypts the payload (JSON) for one browser and posts it to its push service, only when its
 * endpoint is allowed (pushEndpointAllowed: a row saved before the list, or altered, is never
 * posted to) and without following a redirect. Never throws.
 */
export async function sendPush(
  target: PushTarget,
  payload: unknown,
  vapid: VapidKeys,
  options: PushOptions,
  environment: string | undefined,
  send: typeof fetch = fetch,
): Promise<PushOutcome> {
  if (!pushEndpointAllowed(target.endpoint, environment)) {
    console.warn('push: a subscription names no allowed push service; removed, nothing sent');
    return 'gone';
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = (await encryptNotification(
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      new TextEncoder().encode(JSON.stringify(payload)),
    )) as Uint8Array<ArrayBuffer>;
  } catch (error) {
    // keys that cannot be encrypted to (checked when subscribing, so only an old or altered row)
    console.warn('push: cannot encrypt for a subscription; removed', String(error));
    return 'gone';
  }
  try {
    const headers: Record<string, string> = {
      authorization: await vapidAuthorization(vapid, new URL(target.endpoint).origin, options.subject),
      ttl: String(options.ttl),
      urgency: options.urgency,
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    };
    if (options.topic) headers.topic = options.topic;
    // a push service answers a push itself (RFC 8030 section 5): a redirect is never followed
    const res = await send(target.endpoint, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    if (res.ok) return 'sent';
    if (res.status >= 300 && res.status < 400) {
      console.warn(`push: the push service answered a redirect (${res.status}), not followed (${new URL(target.endpoint).host})`);
      return 'refused';
    }
    console.warn(`push: the push service answered ${res.status} (${new URL(target.endpoint).host})`);
    return 'failed';
  } catch (error) {
    console.warn(`push: sending failed (${new URL(target.endpoint).host})`, String(error));
    return 'failed';
  }
}

/** Runs `work` over the items at most `limit` at a time (a Worker keeps 6 connections open at once). */
export async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
