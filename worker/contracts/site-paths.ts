/**
 * The site's one-segment paths: the app's routes and the static pages (spec section 2), for the
 * shell (which answers 404 to any other) and the web's router and legal pages. Zod-free.
 */

/**
 * Spec section 2, "Static pages: {token}": a legal page at the site's root (`/faq` is `/pages/faq`).
 * Every other one-segment path that is not an app route (APP_ROOT_ROUTES) answers 404.
 */
export const STATIC_PAGE_TOKENS = ['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'] as const;

/** The app's one-segment routes (web/app/router.tsx), so the shell knows which others are unknown. */
export const APP_ROOT_ROUTES = [
  'likes',
  'members',
  'chats',
  'account-deleted',
  'complaints',
  'complete-signup',
  'credits',
  'directdebit',
  'lang-config',
  'login',
  'match-finder',
  'notifications',
  'premium',
  'pricing',
  'profile',
  'reset-password',
  'signup',
  'signup-matches',
  'swipe-game',
  'transactions',
  'reactivate',
  'offline',
  'pages',
  'landers',
  'unsubscribe',
  'activate',
  'mail-change',
] as const;
