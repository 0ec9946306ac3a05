import { createRoot } from 'react-dom/client';
import { appIconPath } from '../../../worker/contracts/brand';
import type { Boot } from '../../lib/boot';
import { dismissedAt, DISMISSAL_KEYS } from '../../lib/dismissals';
import { loadAccountCatalogue, type T } from '../../lib/i18n';
import { SW_URL, SW_VERSION } from '../../lib/push';
import { AppProvider } from '../provider';
import { InstallPrompt, type InstallEvent } from './install-prompt';

/** Started after the page's load event (web/main.tsx): nothing of it weighs on the first paint. */
export function startInstalledApp(boot: Boot, t: T) {
  linkManifest(boot.settings.theme_color);
  if (!('serviceWorker' in navigator)) return;
  // the same address as the push registration (lib/push.ts): one worker, one registration
  navigator.serviceWorker.register(`${SW_URL}?v=${SW_VERSION}`, { scope: '/' }).catch(() => {
    /* refused (private mode, storage off): the site works without it */
  });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    if (dismissedAt(DISMISSAL_KEYS.install) !== null) return;
    afterFirstInteraction(() => void loadAccountCatalogue().then(() => show(boot, t, e as InstallEvent)));
  });
}

/**
 * The site's manifest (served per site by the worker) and its icon for iOS, linked once the page has
 * loaded: they are for installing the app, and a browser fetches a linked manifest and its icon at
 * once, beside the fonts of the first paint (Lighthouse's simulated LCP of a member's /members:
 * ~1.55 → ~1.40 s without them). The browser offers the app for installing once it finds them.
 */
function linkManifest(themeColour: string) {
  const link = (rel: string, href: string) => {
    if (document.head.querySelector(`link[rel="${rel}"]`)) return;
    const el = document.createElement('link');
    el.rel = rel;
    el.href = href;
    document.head.appendChild(el);
  };
  link('manifest', '/manifest.json');
  link('apple-touch-icon', appIconPath(themeColour, '192'));
}

/**
 * Once the visitor has done something on the page (a tap, a click, a key: the browser's sticky
 * user activation), at once if they already have: the card never covers a first screen nobody has
 * touched yet (Lighthouse counted it as the members page's largest paint, seconds after the cards).
 */
function afterFirstInteraction(run: () => void) {
  if (navigator.userActivation?.hasBeenActive) return run();
  const events = ['pointerdown', 'keydown'] as const;
  const go = () => {
    events.forEach((name) => window.removeEventListener(name, go, true));
    run();
  };
  events.forEach((name) => window.addEventListener(name, go, { capture: true, passive: true }));
}

let shown = false;
function show(boot: Boot, t: T, event: InstallEvent) {
  if (shown) return;
  shown = true;
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  const done = () => {
    root.unmount();
    host.remove();
  };
  root.render(
    <AppProvider boot={boot} t={t}>
      <InstallPrompt event={event} onDone={done} />
    </AppProvider>,
  );
}
