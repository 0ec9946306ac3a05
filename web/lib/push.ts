import { PUSH_STATES, type PushState } from '../../worker/contracts/banners';
import type { PushSubscriptionInput } from '../../worker/contracts/push';
import { BANNER_COOKIES } from '../../worker/contracts/cookie-mirrors';
import { mirrorCookie } from './dismissals';
import { renderedWith } from './rendered-with';
import { api } from './request';
import { createStore } from './store';

/*
 * Web Push in the browser (spec sections 4 and 9): the push state, the service worker (web/sw.ts,
 * version 2) and the subscription the worker pushes to. Loaded with the member's chunks only.
 */

export type { PushState };

export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof PushManager !== 'undefined' &&
  typeof Notification !== 'undefined';

/**
 * What the browser tells at once: its permission decides `denied` and `capable` (not asked yet);
 * with notifications allowed, whether this browser is subscribed is the service worker's to say
 * (checkPush), and until then it is what this browser last knew (the state's cookie mirror). So the
 * app's first render shows the push alert where the worker's page has it (no shift at the take-over).
 */
function initialState(): PushState {
  if (!pushSupported()) return 'unknown';
  // a page the worker rendered (a member's /members, web/members-ssr.tsx) is hydrated with the state it was rendered with,
  // the mirror's as its request carried it; the member sync's checkPush then tells the browser's own (an alert that comes
  // or goes after the first paint)
  const rendered = renderedWith();
  if (rendered) return PUSH_STATES.find((state) => state === rendered.push) ?? 'unknown';
  const last = new RegExp(`(?:^|; )${BANNER_COOKIES.pushState}=([a-z]+)`).exec(document.cookie)?.[1];
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission === 'default') return 'capable';
  return last === 'subscribed' || last === 'capable' ? last : 'unknown';
}

/** Spec section 4 (worker/contracts/banners.ts: the states), mirrored in a cookie the worker reads (its page's push alert). */
export const pushStore = createStore<PushState>(initialState());
if (typeof document !== 'undefined') {
  const mirror = () => mirrorCookie(BANNER_COOKIES.pushState, pushStore.get());
  mirror();
  pushStore.subscribe(mirror);
}

/** Spec section 9: the service worker's version, and the data refresh with push subscribed (300 s instead of 60 s). */
export const SW_VERSION = 2;
export const SW_URL = '/sw.js';
export const PUSH_REFRESH_MS = 300_000;
/** A subscription the browser has not made by then failed (its push service is unreachable). */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

const set = (state: PushState) => (pushStore.set(state), state);

const keyBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/** POST /api/user.php?push=1: the worker keeps this browser's subscription for the member and this session. */
const save = (subscription: PushSubscription) =>
  // the browser types the JSON's keys as optional; a subscription made with a VAPID key has them
  api.post('/api/user.php?push=1', subscription.toJSON() as PushSubscriptionInput, { background: true });

export const existingRegistration = () => navigator.serviceWorker.getRegistration('/');

/**
 * What the browser allows now, without asking anything (the member sync calls it once per
 * member): a subscription that exists is registered again, since this may be a new session (a
 * login) and the worker pushes only to subscriptions of live sessions.
 */
export async function checkPush(publicKey: string): Promise<PushState> {
  if (!pushSupported()) return set('unknown');
  if (Notification.permission === 'denied') return set('denied');
  if (Notification.permission !== 'granted') return set('capable');
  try {
    const subscription = await (await existingRegistration())?.pushManager.getSubscription();
    if (!subscription || !sameKey(subscription.options.applicationServerKey, keyBytes(publicKey))) return set('capable');
    return set((await save(subscription)).ok ? 'subscribed' : 'capable');
  } catch {
    return set('capable');
  }
}

/**
 * Turns notifications on (from a click: the browser asks the member), subscribes with the site's
 * VAPID public key and registers the subscription with the worker. Answers the new state; throws
 * when the browser or the worker refuses the subscription.
 */
export async function enablePush(publicKey: string): Promise<PushState> {
  if (!pushSupported()) return set('unknown');
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'denied') return set('denied');
  if (permission !== 'granted') return set('capable'); // the prompt was closed: ask another time
  await navigator.serviceWorker.register(`${SW_URL}?v=${SW_VERSION}`, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // a subscription made with another key (the keys were replaced) cannot be pushed to any more
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  // the browser registers with its push service first: unreachable, that can wait for ever
  subscription ??= await Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('push: the browser did not subscribe in time')), SUBSCRIBE_TIMEOUT_MS),
    ),
  ]);
  const res = await save(subscription);
  if (!res.ok) throw new Error(`push: the subscription was refused (${res.error})`);
  return set('subscribed');
}
