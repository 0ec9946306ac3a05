/**
 * The build's prerendering entry (scripts/prerender.ts builds it for Node and runs it): the app's
 * first screen of a path as HTML, for a visitor of one site and locale, with the same components
 * and class names as the browser's build. The worker puts it into #root (shell.page.ts), so the
 * page paints before any JavaScript has run; main.tsx then renders the same screen over it. (A member's
 * /members depends on the member: the worker renders it per request, web/members-ssr.tsx.)
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { Root } from './app/root';
import { preloadScreen } from './app/router';
import { loadFooterCatalogue } from './components/layout/footer';
import type { Boot } from './lib/boot';
import { createTranslator } from './lib/i18n';
import { setUser } from './lib/user';

export async function renderPage(boot: Boot, path: string): Promise<string> {
  setUser(null);
  const t = await createTranslator(boot.settings.locale);
  // each page's translator gets the footer's texts (the footer's code, once loaded, is not loaded again)
  await Promise.all([preloadScreen(path), loadFooterCatalogue()]);
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider boot={boot} t={t}>
        <StaticRouter location={path}>
          <Root />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
