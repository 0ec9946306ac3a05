import type { User } from '../../../worker/contracts/account';

/** Spec section 2: not on the settings and notifications screens (/notifications is settings; the fix is there). */
export const DISABLED_BANNER_EXCLUDED_ROUTES = ['notifications', 'settings'];

/** The disabled-notifications alert: mail switched off (notifications_disabled not empty), not dismissed (hide-disabled-notifications-alert). */
export const showDisabledBanner = (user: User | null, routeName: string | undefined, dismissedAt: number | null) =>
  !!user && user.notifications_disabled.length > 0 && dismissedAt === null && !DISABLED_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');
