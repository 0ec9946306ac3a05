/*
 * The service worker, version 2 (spec section 9), served as /sw.js with the scope "/": the
 * installed app's caches and Web Push.
 *
 * Caching: the hashed build files (/assets/, and the icons) cache-first, kept at most
 * ASSET_LIMIT; pages network-first, the last page the network gave (but a lander's) kept as the app shell and
 * served, for any app path, when the network is gone (the app renders the route itself); without
 * a shell the offline page (/offline.html, in the member's language). Nothing else is ever
 * cached: not /api, not /media (members' photos), not the development or webhook paths. Logout
 * deletes the shell (it carries the member's `user`).
 *
 * Push: it shows what the worker pushed (title, body, icon; one tag per conversation or member, so
 * a newer notification replaces an older one) and, on a click, brings the site to the screen the
 * push names: a tab already showing it is focused, another tab of the site goes there, else a new
 * window opens. Only paths of this origin are opened.
 * Built on its own by web/vite.config.ts (no imports but types: the browser loads it as a classic script).
 */
import type { PushPayload } from '../worker/contracts/push';

const VERSION = 2;
/** Cache names (web/lib/session.ts deletes SHELL_CACHE at logout). */
const SHELL_CACHE = 'shell-1';
const ASSET_CACHE = 'assets-1';
const SHELL_KEY = '/__shell';
const OFFLINE_PAGE = '/offline.html';
const ASSET_LIMIT = 300;

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
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
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
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
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
  return {
    title: text(data.title) || sw.location.hostname,
    body: text(data.body),
    tag: text(data.tag) || 'site',
    url: text(data.url) || '/',
    icon: text(data.icon),
  };
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
  const windows = (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (w) => new URL(w.url).origin === sw.location.origin,
  );
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

/** Build files: content-hashed, so a cached copy is never stale. */
const isAsset = (path: string) =>
  path.startsWith('/assets/') || path.startsWith('/icons/') || path === '/favicon.svg' || path === '/offline.css';
/** Paths that are never pages of the app: the API, members' photos, webhooks, development helpers. */
const NOT_PAGES = /^\/(api|media|hooks|dev|operator|unsubscribe)(\/|$)|\.[a-z0-9]{1,11}$/i;

/** Stores a copy of a good answer; a full or failing cache never breaks the page. */
async function keep(cacheName: string, key: Request | string, response: Response) {
  try {
    const cache = await caches.open(cacheName);
    await cache.put(key, response);
    if (cacheName === ASSET_CACHE) {
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT))) await cache.delete(old);
    }
  } catch {
    /* quota or storage refused: the next visit fetches again */
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') void keep(ASSET_CACHE, request, response.clone());
  return response;
}

/**
 * Keeps a page as the shell, unless it came prerendered (the visitor's landing page: its markup is
 * the landing page's, and its script, /start.js, is not a build file): the shell serves every app
 * path, so it must be the plain app page (what the install's fetch of `/` gets: the worker
 * prerenders only for a document request).
 */
async function keepShell(response: Response) {
  const text = await response
    .clone()
    .text()
    .catch(() => '');
  if (!text.includes('<div id="root" data-prerendered')) await keep(SHELL_CACHE, SHELL_KEY, response);
}

async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    const html = response.headers.get('content-type')?.startsWith('text/html');
    // a lander's page runs the landers' app only (X-App-Shell: lander), a prerendered page holds one
    // screen: neither is the shell for other paths
    if (response.ok && html && !response.redirected && response.headers.get('x-app-shell') !== 'lander') void keepShell(response.clone());
    return response;
  } catch (error) {
    const shell =
      (await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE })) ?? (await caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE }));
    if (shell) return shell;
    throw error;
  }
}

/** At install: the offline page with its style, the shell and the files the shell loads first. */
async function precache() {
  try {
    const cache = await caches.open(SHELL_CACHE);
    const [offline, shell] = await Promise.all([fetch(OFFLINE_PAGE), fetch('/', { credentials: 'include' })]);
    if (offline.ok) await cache.put(OFFLINE_PAGE, offline);
    if (!shell.ok) return;
    const html = await shell.clone().text();
    await cache.put(SHELL_KEY, shell);
    const files = new Set(['/offline.css', ...[...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)]);
    const assets = await caches.open(ASSET_CACHE);
    await Promise.all([...files].map(async (file) => (await assets.match(file)) ?? assets.add(file).catch(() => undefined)));
  } catch {
    /* offline at install: the caches fill on the next visits */
  }
}

sw.addEventListener('install', (event) => {
  extend(event, precache());
  void sw.skipWaiting();
});
sw.addEventListener('activate', (event) =>
  extend(
    event,
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL_CACHE && n !== ASSET_CACHE).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  ),
);

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate' && !NOT_PAGES.test(url.pathname)) event.respondWith(page(request));
  else if (isAsset(url.pathname)) event.respondWith(asset(request));
  // everything else (the API, photos, media) goes to the network untouched
});

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
