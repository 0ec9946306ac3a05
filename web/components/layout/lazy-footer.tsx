import { Suspense } from 'react';
import { withChunkReload } from '../../lib/chunk-reload';
import { preloadable } from '../../lib/preloadable';

const Footer = preloadable(
  () => import('./footer').then((m) => m.loadFooterCatalogue().then(() => m.Footer)),
  (load) => withChunkReload(load),
);

/** Loads the footer ahead of the first render (a prerendered page, which shows it already: main.tsx). */
export const preloadFooter = () => Footer.preload();

/**
 * The footer as a chunk of its own: it sits below every screen's content, so it can arrive a moment
 * after the first paint, and its links (and the US footer) stay out of the landing page's initial
 * JavaScript (the 90 KB budget), and so do its texts (locales/footer, loaded with it).
 */
export function LazyFooter() {
  return (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  );
}
