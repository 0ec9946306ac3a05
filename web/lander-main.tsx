import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import './styles/global.css';
import { lazy, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { LanderLayout } from './app/layouts/lander-layout';
import { AppProvider } from './app/provider';
import { ErrorPage, RouteBoundary } from './components/ui/error-page';
import { loadBoot } from './lib/boot';
import { reloadOnceForChunkError, withChunkReload } from './lib/chunk-reload';
import { createTranslator } from './lib/i18n';
import { LanderRouteContext, matchPath } from './lib/lander-router';
import { captureTracking } from './lib/tracking';
import { setUser } from './lib/user';

/**
 * The landers' and campaign pages' own entry (web/lander.html, built by web/lander/vite.config.ts;
 * the worker's shell serves it for those routes): React, the lander layout and the page, without
 * the member site's router, layouts and member layer. React Router is the plain-links module
 * web/lib/lander-router.tsx there: every link leaves for the member site's app with a page load.
 * The member site's app keeps these routes too (its service worker shell serves them offline).
 */

// the page and the landers catalogue (locales/landers) load together; the shell preloads both
const LanderPage = lazy(withChunkReload(() => import('./features/landers/lander-page').then((m) => m.loadLandersCatalogue().then(() => ({ default: m.LanderPage })))));
const CampaignPage = lazy(withChunkReload(() => import('./features/landers/campaign-page').then((m) => m.loadLandersCatalogue().then(() => ({ default: m.CampaignPage })))));

/** The same routes as the lander layout's in web/app/router.tsx. */
const ROUTES: [string, () => ReactNode][] = [
  ['/landers/:name/:slug?', () => <LanderPage />],
  ['/members/:id/landing', () => <CampaignPage variant="landing" />],
  ['/members/:id/signup', () => <CampaignPage variant="signup" />],
  ['/members/:id/landing2/:slug?', () => <CampaignPage variant="landing2" />],
  ['/members/:id/landing3/:slug?', () => <CampaignPage variant="landing3" />],
];

function route(pathname: string) {
  for (const [path, screen] of ROUTES) {
    const match = matchPath(path, pathname);
    if (match) return { params: match.params, screen: screen() };
  }
  return { params: {}, screen: <ErrorPage status={404} /> };
}

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

async function start() {
  captureTracking(location.search);
  const boot = await loadBoot();
  setUser(boot.user ?? null);
  const t = await createTranslator(boot.settings.locale);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <LanderRouteContext.Provider value={route(location.pathname)}>
          <RouteBoundary>
            <LanderLayout />
          </RouteBoundary>
        </LanderRouteContext.Provider>
      </AppProvider>
    </StrictMode>,
  );
  // the installed app (service worker, install prompt), as on every page of the site
  const installedApp = () => void import('./app/installed-app/installed-app').then((m) => m.startInstalledApp(boot, t));
  if (document.readyState === 'complete') installedApp();
  else window.addEventListener('load', installedApp, { once: true });
}

void start();
