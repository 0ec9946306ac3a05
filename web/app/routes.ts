import { matchPath, useLocation } from 'react-router-dom';

/** Spec section 2: the route names of the screens built so far, by path pattern. */
export const ROUTES = [
  ['/', 'index'],
  ['/pages/:page', 'pages'],
  ['/pricing', 'pricing'],
  ['/complaints', 'complaints'],
  ['/landers/:name/:slug?', 'landers'],
  ['/login', 'login'],
  ['/signup', 'signup'],
  ['/complete-signup', 'complete-signup'],
  ['/reset-password', 'reset-password'],
  ['/reset-password/do', 'reset-password-do'],
  ['/activate/done', 'activate-done'],
  ['/activate/error', 'activate-error'],
  ['/mail-change/do', 'mail-change-do'],
  ['/reactivate', 'reactivate'],
  ['/account-deleted', 'account-deleted'],
  ['/notifications', 'notifications'],
  ['/unsubscribe/:token', 'unsubscribe'],
  ['/appeal/:token', 'appeal'],
  ['/profile', 'profile'],
  ['/members', 'members'],
  ['/members/:id', 'members-id'],
  ['/members/:id/chat', 'members-id-chat'],
  ['/members/:id/landing', 'members-id-landing'],
  ['/members/:id/signup', 'members-id-signup'],
  ['/members/:id/landing2/:slug?', 'members-id-landing2'],
  ['/members/:id/landing3/:slug?', 'members-id-landing3'],
  ['/chats', 'chats'],
  ['/chats/:id', 'chats-id'],
  ['/likes/m/:id', 'likes-m-id'],
  ['/likes/:type?', 'likes'],
  ['/swipe-game', 'swipe-game'],
  ['/credits', 'credits'],
  ['/credits/repeat-order', 'credits-repeat-order'],
  ['/credits/:id/:paymentmethod?', 'credits-id-paymentmethod'],
  ['/directdebit', 'directdebit'],
  ['/premium', 'premium'],
  ['/transactions/:id?', 'transactions'],
  ['/match-finder', 'match-finder'],
  ['/signup-matches', 'signup-matches'],
  ['/lang-config', 'lang-config'],
  // last: every one-segment path the routes above do not name
  ['/:token', 'token'],
] as const;

export function routeName(pathname: string): string | undefined {
  return ROUTES.find(([path]) => matchPath({ path, end: true }, pathname))?.[1];
}

/** The current route's name. */
export const useRouteName = () => routeName(useLocation().pathname);
