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
    void loadAccountCatalogue().then(() => show(boot, t, e as InstallEvent));
  });
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
