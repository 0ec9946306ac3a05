import type { User } from '../../../worker/contracts/account';
import type { PushState } from '../../lib/push';

/** Spec section 2: not on the signup, notifications, activate-done, directdebit and premium screens. */
export const PUSH_BANNER_EXCLUDED_ROUTES = ['signup', 'complete-signup', 'notifications', 'activate-done', 'directdebit', 'premium'];

/** The push-notification alert: a member whose browser can turn notifications on, who has not dismissed it (hide-push-notification-alert). */
export const showPushBanner = (user: User | null, routeName: string | undefined, state: PushState, dismissedAt: number | null) =>
  !!user && state === 'capable' && dismissedAt === null && !PUSH_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');
