export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';

/** Routes on which the site-entry warning never shows (spec section 2). */
export const ENTRY_WARNING_EXCLUDED_ROUTES = ['complete-signup', 'reset-password', 'reset-password-do'];
/** Outside the default layout the warning is limited to these countries. */
export const ENTRY_WARNING_COUNTRIES = ['NL', 'DE'];

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
