import type { User } from '../../../worker/contracts/account';

/** Spec section 2: not on the profile, signup, activate-done, premium, notifications, directdebit and settings screens. */
export const PHOTO_BANNER_EXCLUDED_ROUTES = ['profile', 'signup', 'complete-signup', 'activate-done', 'premium', 'notifications', 'directdebit', 'settings'];

/** The profile-photo alert: a member without a main image who has not dismissed it (hide-enrich-alert). */
export const showPhotoBanner = (user: User | null, routeName: string | undefined, dismissedAt: number | null) =>
  !!user && user.profile.main_image === null && dismissedAt === null && !PHOTO_BANNER_EXCLUDED_ROUTES.includes(routeName ?? '');
