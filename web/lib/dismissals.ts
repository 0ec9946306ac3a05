/**
 * Remembered dismissals (spec section 4): the key holds the time of dismissal in ms, so a
 * later rule may show a notice again after some time.
 */
export const DISMISSAL_KEYS = {
  siteEntry: 'hide-site-entry-warning',
  enrich: 'hide-enrich-alert',
  push: 'hide-push-notification-alert',
  disabledNotifications: 'hide-disabled-notifications-alert',
  timeBonus: 'hide-time-bonus-modal',
  install: 'hide-install-prompt',
} as const;
import { ENTRY_WARNING_COOKIE, ENTRY_WARNING_COOKIE_MAX_AGE } from '../../worker/contracts/entry-warning';

export type DismissalKey = (typeof DISMISSAL_KEYS)[keyof typeof DISMISSAL_KEYS];

export function dismissedAt(key: DismissalKey): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null; // storage blocked: treat as not dismissed
  }
}

export function dismiss(key: DismissalKey, now = Date.now()) {
  try {
    localStorage.setItem(key, String(now));
  } catch {
    /* storage blocked: the notice shows again next visit */
  }
  if (key === DISMISSAL_KEYS.siteEntry) mirrorEntryDismissal();
}

/**
 * The site-entry warning's dismissal, mirrored in a cookie the worker reads (worker/contracts/entry-warning.ts):
 * a dismissed browser's page comes without the warning's static copy. Written at every app start (web/main.tsx).
 */
export function mirrorEntryDismissal() {
  const at = dismissedAt(DISMISSAL_KEYS.siteEntry);
  if (at === null) return;
  document.cookie = `${ENTRY_WARNING_COOKIE}=${at}; Max-Age=${ENTRY_WARNING_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}
