/**
 * The member banners' rules (spec section 2, "Banners"), one set for the web (the banners,
 * web/components/layout) and the worker (the banners in a member's /members page load, so they
 * paint with the page instead of pushing it down when the app's chunk arrives:
 * worker/features/shell/shell.routes.ts).
 */
import type { User } from './account';
import { BANNER_COOKIES, cookieTime } from './cookie-mirrors';

/** Spec section 2: not on the signup, settings and notifications screens (/notifications is settings). */
export const ACTIVATION_BANNER_EXCLUDED_ROUTES = ['signup', 'complete-signup', 'notifications'];
/** Spec section 2: not on the settings and notifications screens (/notifications is settings; the fix is there). */
export const DISABLED_BANNER_EXCLUDED_ROUTES = ['notifications', 'settings'];
/** Spec section 2: not on the profile, signup, activate-done, premium, notifications, directdebit and settings screens. */
export const PHOTO_BANNER_EXCLUDED_ROUTES = [
  'profile',
  'signup',
  'complete-signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
];
/** Spec section 2: not on the signup, notifications, activate-done, directdebit and premium screens. */
export const PUSH_BANNER_EXCLUDED_ROUTES = ['signup', 'complete-signup', 'notifications', 'activate-done', 'directdebit', 'premium'];

/**
 * This browser's Web Push state (web/lib/push.ts): `unknown` until checked (and when the browser has
 * no Web Push), `capable` when the member can turn notifications on, `subscribed` when this
 * browser's subscription is with the worker, `denied` when the browser refuses notifications.
 */
export type PushState = 'unknown' | 'capable' | 'subscribed' | 'denied';
export const PUSH_STATES: readonly PushState[] = ['unknown', 'capable', 'subscribed', 'denied'];

/** The activation reminder: e-mail not confirmed, profile disabled, mail not switched off, and not dismissed (hide-activation-alert, for a day). */
export const showActivationReminder = (user: User | null, routeName: string | undefined, dismissedAt: number | null = null) =>
  !!user &&
  user.notifications_disabled.length === 0 &&
  user.status === 'not_confirmed' &&
  user.profile.status === 'disabled' &&
  dismissedAt === null &&
  !ACTIVATION_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');

/** The disabled-notifications alert: mail switched off (notifications_disabled not empty), not dismissed (hide-disabled-notifications-alert). */
export const showDisabledBanner = (user: User | null, routeName: string | undefined, dismissedAt: number | null) =>
  !!user && user.notifications_disabled.length > 0 && dismissedAt === null && !DISABLED_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');

/** The profile-photo alert: a member without a main image who has not dismissed it (hide-enrich-alert). */
export const showPhotoBanner = (user: User | null, routeName: string | undefined, dismissedAt: number | null) =>
  !!user && user.profile.main_image === null && dismissedAt === null && !PHOTO_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');

/** The push-notification alert: a member whose browser can turn notifications on, who has not dismissed it (hide-push-notification-alert). */
export const showPushBanner = (user: User | null, routeName: string | undefined, state: PushState, dismissedAt: number | null) =>
  !!user && state === 'capable' && dismissedAt === null && !PUSH_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');

/** Where buying is already the screen (or the signup is): no welcome bonus banner there. */
export const BONUS_BANNER_EXCLUDED_ROUTES = [
  'credits',
  'credits-id-paymentmethod',
  'credits-repeat-order',
  'directdebit',
  'premium',
  'transactions',
  'signup',
  'complete-signup',
];

/** The welcome bonus banner: a free member's active discount (worker/contracts/welcome-bonus.ts), not dismissed (hide-welcome-bonus-alert, for a day). */
export const showBonusBanner = (active: boolean, routeName: string | undefined, dismissedAt: number | null) =>
  active && dismissedAt === null && !BONUS_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');

/** The member banners (spec section 2). */
export type BannerName = 'activation' | 'disabled' | 'bonus' | 'photo' | 'push';

/**
 * At most one banner at a time (issue 33: stacked, they took ~310 px of a phone's first screen), the
 * first of this order that is due; dismissing it shows the next. The mail confirmation first (until it
 * is done the member cannot receive messages), then mail switched off (messages and likes are missed),
 * then the welcome bonus (it runs out), then the photo, then push (the browser may ask any time).
 */
export const BANNER_PRIORITY: readonly BannerName[] = ['activation', 'disabled', 'bonus', 'photo', 'push'];

const DAY = 24 * 3600 * 1000;
/**
 * How long a dismissal hides its banner (ms; null: for good). A reminder of something still to do
 * (confirm the address, the bonus while it runs) comes back the next day; push comes back after two
 * weeks (and not for two weeks after the signup's push step was answered or skipped); the photo and the
 * mail alert stay away once dismissed, as before.
 */
export const BANNER_SNOOZE: Record<BannerName, number | null> = {
  activation: DAY,
  disabled: null,
  bonus: DAY,
  photo: null,
  push: 14 * DAY,
};

/** A dismissal's time while it still hides `banner` at `now` (ms), else null (none, or run out). */
export const liveDismissal = (banner: BannerName, at: number | null, now: number): number | null => {
  const snooze = BANNER_SNOOZE[banner];
  return at !== null && (snooze === null || now - at < snooze) ? at : null;
};

/** The one banner to show of those due, by BANNER_PRIORITY (null: none). */
export const firstBanner = (due: Record<BannerName, boolean>): BannerName | null => BANNER_PRIORITY.find((b) => due[b]) ?? null;

/** The banners a member's /members could show, by the rules above and this browser's cookies (name → value); the page shows firstBanner of them. */
export type MembersPageBanners = Record<BannerName, boolean>;

/** Which banners are due on a member's /members, by the rules above, this browser's cookies (name → value), the time and whether a discount is active. */
export function membersPageBanners(
  user: User,
  cookies: Record<string, string | undefined>,
  now: number,
  discount: boolean,
): MembersPageBanners {
  const pushState = PUSH_STATES.find((s) => s === cookies[BANNER_COOKIES.pushState]) ?? 'unknown';
  const hidden = (banner: BannerName, cookie: string) => liveDismissal(banner, cookieTime(cookies[cookie]), now);
  return {
    activation: showActivationReminder(user, 'members', hidden('activation', BANNER_COOKIES.activation)),
    disabled: showDisabledBanner(user, 'members', hidden('disabled', BANNER_COOKIES.disabledNotifications)),
    bonus: showBonusBanner(discount, 'members', hidden('bonus', BANNER_COOKIES.bonus)),
    photo: showPhotoBanner(user, 'members', hidden('photo', BANNER_COOKIES.enrich)),
    push: showPushBanner(user, 'members', pushState, hidden('push', BANNER_COOKIES.push)),
  };
}
