import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { Root } from './app/root';
import { loadBoot } from './lib/boot';
import { reloadOnceForChunkError } from './lib/chunk-reload';
import { createTranslator } from './lib/i18n';
import { captureTracking } from './lib/tracking';
import { setUser } from './lib/user';

// Vite reports a failed preload of a lazy chunk here; reload once a minute at most.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

async function start() {
  captureTracking(location.search);
  const boot = await loadBoot();
  // The worker inlines the logged-in member: known at the first paint, no extra request.
  setUser(boot.user ?? null);
  const t = await createTranslator(boot.settings.locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>,
  );
  // the installed app (service worker, install prompt): a small chunk, after the page has loaded
  const installedApp = () => void import('./app/installed-app/installed-app').then((m) => m.startInstalledApp(boot, t));
  if (document.readyState === 'complete') installedApp();
  else window.addEventListener('load', installedApp, { once: true });
}

void start();
