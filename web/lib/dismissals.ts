import { BANNER_COOKIES, MIRROR_COOKIE_MAX_AGE } from '../../worker/contracts/cookie-mirrors';
import { ENTRY_WARNING_COOKIE } from '../../worker/contracts/entry-warning';
import { renderedWith } from './rendered-with';
import { createStore } from './store';

/**
 * Remembered dismissals (spec section 4): the key holds the time of dismissal in ms, so a
 * later rule may show a notice again after some time.
 */
export const DISMISSAL_KEYS = {
  siteEntry: ENTRY_WARNING_COOKIE,
  enrich: BANNER_COOKIES.enrich,
  push: BANNER_COOKIES.push,
  activation: BANNER_COOKIES.activation,
  bonus: BANNER_COOKIES.bonus,
  disabledNotifications: BANNER_COOKIES.disabledNotifications,
  timeBonus: 'hide-time-bonus-modal',
  install: 'hide-install-prompt',
} as const;

export type DismissalKey = (typeof DISMISSAL_KEYS)[keyof typeof DISMISSAL_KEYS];

/**
 * Where a dismissal is read: this browser's storage; a server render of the page (web/members-ssr.tsx) reads the
 * request's cookie mirrors of the same names for the length of one render, so it shows what the browser's first
 * render will.
 */
let serverRead: ((key: DismissalKey) => string | null) | null = null;
export const readDismissalsFrom = (read: ((key: DismissalKey) => string | null) | null) => void (serverRead = read);

/** Where storage is blocked, this page's dismissals: they hold until it is left. */
const unstored = new Map<DismissalKey, number>();

/** This browser's storage (storage blocked: this page's dismissal, if any). */
function stored(key: DismissalKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return unstored.has(key) ? String(unstored.get(key)) : null;
  }
}

/**
 * When `key` was dismissed: this browser's storage, else the cookie mirror a page the worker rendered was rendered with
 * (web/lib/rendered-with.ts: a mirrored dismissal is one, so the page hydrates as it was rendered, and the notice the
 * worker left out stays out). Neither (or storage blocked on a page without the record): not dismissed.
 */
export function dismissedAt(key: DismissalKey): number | null {
  const value = Number(serverRead ? serverRead(key) : (stored(key) ?? renderedWith()?.dismissals[key] ?? null));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Counts the dismissals made in this page, so what shows by them (the member banners) renders again, wherever it was dismissed (the signup's push step). */
export const dismissals = createStore(0);

export function dismiss(key: DismissalKey, now = Date.now()) {
  try {
    localStorage.setItem(key, String(now));
  } catch {
    unstored.set(key, now); // storage blocked: the notice shows again next visit
  }
  if (MIRRORED.includes(key)) mirror(key, now);
  dismissals.set(dismissals.get() + 1);
}

/** The dismissals the worker reads (the entry warning's static copy, the banners of a member's /members), as cookies of the same names. */
const MIRRORED: readonly DismissalKey[] = [
  DISMISSAL_KEYS.siteEntry,
  DISMISSAL_KEYS.enrich,
  DISMISSAL_KEYS.push,
  DISMISSAL_KEYS.disabledNotifications,
  DISMISSAL_KEYS.activation,
  DISMISSAL_KEYS.bonus,
];

/** A cookie the worker reads, written by the app (a browser's state: path /, a year and more, Lax). */
export function mirrorCookie(name: string, value: string) {
  document.cookie = `${name}=${value}; Max-Age=${MIRROR_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

const mirror = (key: DismissalKey, at: number) => mirrorCookie(key, String(at));

/**
 * The dismissals, mirrored in cookies the worker reads (worker/contracts/entry-warning.ts,
 * worker/contracts/banners.ts): a dismissed browser's page comes without the warning's static copy
 * or the dismissed banner. Written at every app start (web/main.tsx), since a dismissal never expires.
 */
export function mirrorDismissals() {
  for (const key of MIRRORED) {
    const at = dismissedAt(key);
    if (at !== null) mirror(key, at);
  }
}
