/**
 * The site-entry warning's rule (spec section 2), one function for the web (the app's dialog,
 * web/features/entry-warning) and the worker (its static copy in a member's /members page load,
 * worker/features/shell/shell.routes.ts).
 */
export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/** Routes on which the site-entry warning never shows (spec section 2). */
export const ENTRY_WARNING_EXCLUDED_ROUTES = ['complete-signup', 'reset-password', 'reset-password-do'];
/** Outside the default layout the warning is limited to these countries. */
export const ENTRY_WARNING_COUNTRIES = ['NL', 'DE'];

/**
 * The cookie mirror of the warning's dismissal (web/lib/dismissals.ts keeps it in `localStorage`
 * under the same name): the worker reads it to leave the warning's static copy out of the page. Its
 * value is the time of dismissal in ms; the dismissal never expires, so the app writes it again at
 * every start (MIRROR_COOKIE_MAX_AGE of worker/contracts/banners.ts, as the banners' mirrors).
 */
export const ENTRY_WARNING_COOKIE = 'hide-site-entry-warning';
/** The id of the warning's static copy at the end of the page's body (web/start.js, the app's dialog remove it). */
export const STATIC_ENTRY_WARNING_ID = 'static-entry-warning';

type Input = {
  enabled: 'yes' | 'no';
  country: string | null;
  layout: LayoutName;
  routeName: string | undefined;
  dismissedAt: number | null;
};

/** Spec section 2: shown once on entry unless dismissed, excluded or disabled. */
export function shouldShowEntryWarning({ enabled, country, layout, routeName, dismissedAt }: Input): boolean {
  if (enabled === 'no' || dismissedAt !== null) return false;
  if (routeName && ENTRY_WARNING_EXCLUDED_ROUTES.includes(routeName)) return false;
  if (layout !== 'default' && !ENTRY_WARNING_COUNTRIES.includes(country ?? '')) return false;
  return true;
}
