/*
 * The service worker, version 2 (spec section 9), served as /sw.js with the scope "/": Web Push
 * only. It shows what the worker pushed (title, body, icon; one tag per conversation or member, so
 * a newer notification replaces an older one) and, on a click, brings the site to the screen the
 * push names: a tab already showing it is focused, another tab of the site goes there, else a new
 * window opens. Only paths of this origin are opened. No caching (the installed app is later).
 * Built on its own by web/vite.config.ts (no imports but types: the browser loads it as a classic script).
 */
import type { PushPayload } from '../worker/contracts/push';

const VERSION = 2;

// The service worker's own types (TypeScript's webworker library cannot share a program with the DOM one).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration;
  readonly location: Location;
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
const sw = self as unknown as ServiceWorkerScope;

/** Keeps the worker alive until the work is done (a synthetic event, as a test dispatches, has no lifetime to extend). */
function extend(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work);
  } catch {
    /* not a trusted event: the work runs anyway */
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The pushed notification; a push that cannot be read still shows something (browsers require it). */
function payloadOf(event: PushEvent): PushPayload {
  let data: Partial<Record<keyof PushPayload, unknown>> = {};
  try {
    data = (event.data?.json() ?? {}) as typeof data;
  } catch {
    /* not JSON */
  }
  return { title: text(data.title) || sw.location.hostname, body: text(data.body), tag: text(data.tag) || 'site', url: text(data.url) || '/', icon: text(data.icon) };
}

/** The address to open: a path of this origin; anything else opens the home page. */
function targetOf(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

async function open(url: string) {
  const windows = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((w) => new URL(w.url).origin === sw.location.origin);
  const showing = windows.find((w) => w.url === url);
  if (showing) return showing.focus();
  for (const w of windows) {
    try {
      const moved = await w.navigate(url);
      if (moved) return await moved.focus().catch(() => moved);
    } catch {
      /* a tab this worker does not control cannot be moved: try the next, then a new window */
    }
  }
  return sw.clients.openWindow(url);
}

sw.addEventListener('install', () => void sw.skipWaiting());
sw.addEventListener('activate', (event) => extend(event, sw.clients.claim()));

sw.addEventListener('push', (event) => {
  const p = payloadOf(event);
  const options: NotificationOptions & { renotify: boolean } = { body: p.body, tag: p.tag, renotify: true, data: { url: p.url } };
  if (p.icon) options.icon = p.icon;
  extend(event, sw.registration.showNotification(p.title, options));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  extend(event, open(targetOf((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin)));
});

// The page may ask which version runs (spec section 9: version 2).
sw.addEventListener('message', (event) => {
  if (event.data === 'version') (event.source as { postMessage(message: unknown): void } | null)?.postMessage({ version: VERSION });
});
