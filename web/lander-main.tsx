import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import './styles/global.css';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { LanderLayout } from './app/layouts/lander-layout';
import { AppProvider } from './app/provider';
import { ErrorPage, RouteBoundary } from './components/ui/error-page';
import { seedInlinedAnswer, startCampaignProfile } from './features/landers/api/get-lander';
import { preloadFooter } from './components/layout/lazy-footer';
import { loadBoot } from './lib/boot';
import { reloadOnceForChunkError, withChunkReload } from './lib/chunk-reload';
import { preloadEntryWarning } from './features/entry-warning/entry-warning';
import { createTranslator } from './lib/i18n';
import { loadLandersCatalogue } from './lib/landers-catalogue';
import { LanderRouteContext, matchPath } from './lib/lander-router';
import { captureTracking } from './lib/tracking';
import { TakeOver } from './lib/take-over';
import { setUser } from './lib/user';

/**
 * The landers' and campaign pages' own entry (web/lander.html, built by web/lander/vite.config.ts;
 * the worker's shell serves it for those routes): React, the lander layout and the page, without
 * the member site's router, layouts and member layer. React Router is the plain-links module
 * web/lib/lander-router.tsx there: every link leaves for the member site's app with a page load.
 * The member site's app keeps these routes too (its service worker shell serves them offline).
 */

/** The page chunks (the shell preloads them with the landers catalogue); imported before the first render, so no screen suspends. */
const landerPage = withChunkReload(() => import('./features/landers/lander-page'));
const campaignPage = withChunkReload(() => import('./features/landers/campaign-page'));

/** The same routes as the lander layout's in web/app/router.tsx. */
const ROUTES: [string, () => Promise<() => ReactNode>][] = [
  ['/landers/:name/:slug?', () => landerPage().then((m) => () => <m.LanderPage />)],
  ['/members/:id/landing', () => campaignPage().then((m) => () => <m.CampaignPage variant="landing" />)],
  ['/members/:id/signup', () => campaignPage().then((m) => () => <m.CampaignPage variant="signup" />)],
  ['/members/:id/landing2/:slug?', () => campaignPage().then((m) => () => <m.CampaignPage variant="landing2" />)],
  ['/members/:id/landing3/:slug?', () => campaignPage().then((m) => () => <m.CampaignPage variant="landing3" />)],
];

function route(pathname: string): { params: Record<string, string | undefined>; screen: Promise<() => ReactNode> } {
  for (const [path, load] of ROUTES) {
    const match = matchPath(path, pathname);
    if (match) return { params: match.params, screen: load() };
  }
  return { params: {}, screen: Promise.resolve(() => <ErrorPage status={404} />) };
}

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

async function start() {
  // React DOM is a chunk of its own, fetched beside the page's chunks: evaluated in a task of its own, not in the entry's
  const reactDom = import('react-dom/client');
  captureTracking(location.search);
  // a campaign page's profile call starts now, beside its chunk and texts (a lander's call is preloaded by the shell)
  const campaign = /^\/members\/(\d+)\//.exec(location.pathname);
  if (campaign) startCampaignProfile(campaign[1]!);
  const boot = await loadBoot();
  setUser(boot.user ?? null);
  // the page's chunk from now on, beside the catalogues; the landers catalogue joins the translator once it exists
  const { params, screen } = route(location.pathname);
  const t = await createTranslator(boot.settings.locale);
  // a prerendered lander: its answer is in the page, and its own chunk and the footer load before the first render (no fallback flashes)
  const root = document.getElementById('root')!;
  const prerendered = root.hasAttribute('data-prerendered') && seedInlinedAnswer();
  const ahead = prerendered ? [landerPage().then((m) => m.preloadLanderKind(params.name ?? '')), preloadFooter()] : [];
  const [render] = await Promise.all([
    screen.catch(() => () => <ErrorPage status={500} />),
    loadLandersCatalogue(),
    preloadEntryWarning(boot.settings),
    ...ahead.map((p) => p.catch(() => {})),
  ]);
  const app = (
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <LanderRouteContext.Provider value={{ params, screen: render() }}>
          <RouteBoundary>
            <LanderLayout />
          </RouteBoundary>
        </LanderRouteContext.Provider>
        <TakeOver />
      </AppProvider>
    </StrictMode>
  );
  const { createRoot, hydrateRoot } = await reactDom;
  // the prerendered page is on screen already, and it is React's own markup (the worker fills the build's templates as React
  // renders them): the app hydrates it, in a transition (in slices), attaching to the page instead of building and replacing it
  if (prerendered) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  // the installed app (service worker, install prompt), as on every page of the site
  const installedApp = () => void import('./app/installed-app/installed-app').then((m) => m.startInstalledApp(boot, t));
  if (document.readyState === 'complete') installedApp();
  else window.addEventListener('load', installedApp, { once: true });
}

void start();
