/**
 * The browser's state the worker reads from cookies the app writes (a module of its own: the app's
 * first bundle needs these names, not the banners' rules of ./banners.ts).
 *
 * The dismissals the worker reads, mirrored from `localStorage` into cookies of the same names by
 * the app (web/lib/dismissals.ts: at every start and when dismissed; the value is the time of
 * dismissal in ms), and the push state's mirror: the worker leaves a dismissed banner out of the
 * page, and puts the push alert in only where this browser said it could turn notifications on.
 * A dismissal never expires, so its cookie is written again at every start (at most 400 days, the
 * browsers' cap on a cookie's lifetime).
 */
export const BANNER_COOKIES = {
  enrich: 'hide-enrich-alert',
  push: 'hide-push-notification-alert',
  disabledNotifications: 'hide-disabled-notifications-alert',
  activation: 'hide-activation-alert',
  bonus: 'hide-welcome-bonus-alert',
  pushState: 'push-state',
} as const;
export const MIRROR_COOKIE_MAX_AGE = 400 * 24 * 3600;

/** A dismissal cookie's time (ms), or null: absent, or not a time. */
export const cookieTime = (value: string | undefined): number | null => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : null;
};
