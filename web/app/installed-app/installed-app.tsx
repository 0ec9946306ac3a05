import { createRoot } from 'react-dom/client';
import type { Boot } from '../../lib/boot';
import { dismissedAt, DISMISSAL_KEYS } from '../../lib/dismissals';
import { loadAccountCatalogue, type T } from '../../lib/i18n';
import { SW_URL, SW_VERSION } from '../../lib/push';
import { AppProvider } from '../provider';
import { InstallPrompt, type InstallEvent } from './install-prompt';

/** Started after the page's load event (web/main.tsx): nothing of it weighs on the first paint. */
export function startInstalledApp(boot: Boot, t: T) {
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
