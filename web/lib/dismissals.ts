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
}
