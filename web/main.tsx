import '@fontsource/montserrat/latin-400.css';
import '@fontsource/montserrat/latin-600.css';
import '@fontsource/montserrat/latin-700.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { preloadMemberLayer } from './app/layouts/default-layout';
import { preloadMemberSync } from './app/member-sync-host';
import { Root } from './app/root';
import { preloadScreen } from './app/router';
import { preloadFooter } from './components/layout/lazy-footer';
import { preloadLanguageSelect, preloadMemberNav } from './components/layout/top-nav';
import { preloadEntryWarning } from './features/entry-warning/entry-warning';
import { loadBoot } from './lib/boot';
import { nextTask } from './lib/idle';
import { reloadOnceForChunkError } from './lib/chunk-reload';
import { createTranslator } from './lib/i18n';
import { captureTracking } from './lib/tracking';
import { setUser } from './lib/user';

// Vite reports a failed preload of a lazy chunk here; reload once a minute at most.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceForChunkError()) event.preventDefault();
});

/**
 * The chunks of a prerendered page's screen, named by the worker from the build's manifest (`data-preload` on the
 * entry's tag: worker/features/shell), hinted one per task as the app starts: its preloads of them below then find
 * them, where Vite's helper made all its links in one task (~50 ms at a phone's CPU). Marked as the page's.
 */
async function hintScreenChunks() {
  const chunks = document.querySelector('script[data-entry]')?.getAttribute('data-preload')?.split(' ').filter(Boolean) ?? [];
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    link.dataset.screen = '';
    document.head.appendChild(link);
    await nextTask();
  }
}

async function start() {
  captureTracking(location.search);
  const boot = await loadBoot();
  // The worker inlines the logged-in member: known at the first paint, no extra request.
  setUser(boot.user ?? null);
  const root = document.getElementById('root')!;
  // A page the worker sent prerendered (the visitor's landing page): its screen, footer and language choice are loaded
  // before the first render, which so draws the same page over it in one commit (no flash, no shift).
  const prerendered = root.hasAttribute('data-prerendered');
  const hinted = prerendered ? hintScreenChunks() : null;
  const translator = createTranslator(boot.settings.locale);
  const [t] = await Promise.all([
    translator,
    preloadEntryWarning(boot.settings),
    // after the translator: a chunk's catalogue (the footer's) joins the translator there is (lib/i18n loadCatalogue)
    prerendered
      ? Promise.all([translator, hinted])
          .then(() =>
            Promise.all([
              preloadScreen(location.pathname),
              preloadFooter(),
              boot.settings.locales.length > 1 && preloadLanguageSelect(),
              boot.user && preloadMemberNav(),
              boot.user && preloadMemberLayer(),
              boot.user && preloadMemberSync(),
            ]),
          )
          .catch(() => {})
      : null,
  ]);
  // a member's /members the worker rendered: its first search is asked before the app hydrates the page (the members
  // screens' chunk is in already: preloadScreen)
  if (root.hasAttribute('data-hydrate') && boot.user && location.pathname === '/members')
    await import('./app/member-screens').then((m) => m.startFirstSearch(boot.user!, boot.settings)).catch(() => {});
  const app = (
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <BrowserRouter>
          <Root />
        </BrowserRouter>
      </AppProvider>
    </StrictMode>
  );
  // The first render is a transition: React renders it in slices that leave the main thread free
  // between them (no long task: the members page's 20 cards, its filters and the member layer were
  // one task of ~0.6 s at 4× CPU) and commits once at the end. A prerendered page is already on
  // screen, and its take-over so draws the same page over it in one commit. A member's /members is
  // React's own render of this tree with the same data (the worker's, web/members-ssr.tsx): the app
  // hydrates it, attaching to the page instead of building and replacing it.
  if (root.hasAttribute('data-hydrate')) startTransition(() => void hydrateRoot(root, app));
  else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
  // the installed app (service worker, install prompt): a small chunk, after the page has loaded
  const installedApp = () => void import('./app/installed-app/installed-app').then((m) => m.startInstalledApp(boot, t));
  if (document.readyState === 'complete') installedApp();
  else window.addEventListener('load', installedApp, { once: true });
}

void start();
