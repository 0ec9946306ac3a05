import type { User } from '../../../worker/contracts/account';

/** Spec section 2: not on the signup, settings and notifications screens (/notifications is settings). */
export const ACTIVATION_BANNER_EXCLUDED_ROUTES = ['signup', 'complete-signup', 'notifications'];

/** The activation reminder: e-mail not confirmed, profile disabled, and mail not switched off. */
export const showActivationReminder = (user: User | null, routeName: string | undefined) =>
  !!user &&
  user.notifications_disabled.length === 0 &&
  user.status === 'not_confirmed' &&
  user.profile.status === 'disabled' &&
  !ACTIVATION_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');
