import { Suspense, useLayoutEffect, useState } from 'react';
import { useSettings, type Boot } from '../../lib/boot';
import { useBrowserValue } from '../../lib/hydrated';
import { DISMISSAL_KEYS, dismiss, dismissedAt, mirrorDismissals } from '../../lib/dismissals';
import { preloadable } from '../../lib/preloadable';
import { removeStaticEntryWarning, shouldShowEntryWarning, type LayoutName } from './entry-warning.rules';

/**
 * The dialog is a chunk of its own: most pages are seen by visitors who answered it already, and
 * the landing page's first JS has no room for a modal (README, "The landing page's JS budget").
 */
const EntryWarningDialog = preloadable(
  () => import('./entry-warning-dialog').then((m) => m.EntryWarningDialog),
  (load) => load,
);

/**
 * Loads the dialog before the app's first render when this browser has not answered the warning
 * (web/main.tsx, web/lander-main.tsx), so it shows with the page as it did from the entry.
 */
export function preloadEntryWarning(settings: Pick<Boot['settings'], 'enable_site_entry_popup'>) {
  // the cookie mirror of an answered warning (the worker's page then comes without its static copy)
  mirrorDismissals();
  return settings.enable_site_entry_popup === 'yes' && dismissedAt(DISMISSAL_KEYS.siteEntry) === null
    ? EntryWarningDialog.preload().catch(() => {})
    : null;
}

/** The site-entry warning, where spec section 2 asks for it. `route` is the route's name (app/routes). */
export function EntryWarning({ layout, route: routeName }: { layout: LayoutName; route: string | undefined }) {
  const settings = useSettings();
  const [hidden, setHidden] = useState(false);
  const due = () =>
    shouldShowEntryWarning({
      enabled: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      layout,
      routeName,
      dismissedAt: dismissedAt(DISMISSAL_KEYS.siteEntry),
    });
  // never in a prerendered page (web/prerender.tsx) nor while the app hydrates one: it depends on this browser's dismissal
  const show = useBrowserValue(due, false) && !hidden;
  // the worker's static copy (a member's /members without the dismissal's cookie) goes when the app has the page: the
  // app's dialog replaces it in the same commit (entry-warning-dialog.tsx), or the app found the warning answered (read
  // here, after the commit: while hydrating, `show` is the page's false)
  useLayoutEffect(() => {
    if (hidden || !due()) removeStaticEntryWarning();
  });
  if (!show) return null;
  const accept = () => {
    dismiss(DISMISSAL_KEYS.siteEntry);
    setHidden(true);
  };
  return (
    <Suspense fallback={null}>
      <EntryWarningDialog onAccept={accept} />
    </Suspense>
  );
}
