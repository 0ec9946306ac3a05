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

/** The activation reminder: e-mail not confirmed, profile disabled, and mail not switched off. */
export const showActivationReminder = (user: User | null, routeName: string | undefined) =>
  !!user &&
  user.notifications_disabled.length === 0 &&
  user.status === 'not_confirmed' &&
  user.profile.status === 'disabled' &&
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

/** The banners of a member's /members page load, in the order the app shows them (web/components/layout/member-banners.tsx). */
export type MembersPageBanners = { activation: boolean; disabled: boolean; photo: boolean; push: boolean };

/** Which banners a member's /members shows, by the rules above and this browser's cookies (name → value). */
export function membersPageBanners(user: User, cookies: Record<string, string | undefined>): MembersPageBanners {
  const pushState = PUSH_STATES.find((s) => s === cookies[BANNER_COOKIES.pushState]) ?? 'unknown';
  return {
    activation: showActivationReminder(user, 'members'),
    disabled: showDisabledBanner(user, 'members', cookieTime(cookies[BANNER_COOKIES.disabledNotifications])),
    photo: showPhotoBanner(user, 'members', cookieTime(cookies[BANNER_COOKIES.enrich])),
    push: showPushBanner(user, 'members', pushState, cookieTime(cookies[BANNER_COOKIES.push])),
  };
}
