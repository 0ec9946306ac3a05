import { BANNER_COOKIES, MIRROR_COOKIE_MAX_AGE } from '../../worker/contracts/cookie-mirrors';
import { ENTRY_WARNING_COOKIE } from '../../worker/contracts/entry-warning';
import { createStore } from './store';

/**
 * Remembered dismissals (spec section 4): the key holds the time of dismissal in ms, so a
 * later rule may show a notice again after some time.
 */
export const DISMISSAL_KEYS = {
  siteEntry: ENTRY_WARNING_COOKIE,
  enrich: BANNER_COOKIES.enrich,
  push: BANNER_COOKIES.push,
  disabledNotifications: BANNER_COOKIES.disabledNotifications,
  activation: BANNER_COOKIES.activation,
  bonus: BANNER_COOKIES.bonus,
  timeBonus: 'hide-time-bonus-modal',
  install: 'hide-install-prompt',
} as const;

export type DismissalKey = (typeof DISMISSAL_KEYS)[keyof typeof DISMISSAL_KEYS];

/** Where storage is blocked, this page's dismissals: they hold until it is left. */
const unstored = new Map<DismissalKey, number>();

export function dismissedAt(key: DismissalKey): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return unstored.get(key) ?? null; // storage blocked: this page's dismissal, if any
  }
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
