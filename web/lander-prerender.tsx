/**
 * The landers' prerendering entry (scripts/prerender.ts builds it for Node with the landers' build
 * settings and runs it): a lander's first screen as HTML for a visitor of one site and locale, with
 * the same components and class names as web/lander-main.tsx renders. Its profiles are a request's
 * (GET /api/lander.php's answer), so the build makes templates the worker fills at request time
 * (worker/features/shell/lander-page.ts): the page with a marker where the grid's tiles go, each
 * kind of tile with markers for the card's values, the partner tiles, and the page the logged-out
 * search rules give (no profiles). React escapes text and attributes; the worker escapes the values
 * it puts in the same way.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { LanderName, PartnerTile } from '../worker/contracts/landers';
import type { MemberCard } from '../worker/contracts/profiles';
import { LanderLayout } from './app/layouts/lander-layout';
import { AppProvider } from './app/provider';
import { preloadFooter } from './components/layout/lazy-footer';
import { loadFooterCatalogue } from './components/layout/footer';
import { RouteBoundary } from './components/ui/error-page';
import { landerPath, seedAnswer, type Loaded } from './features/landers/api/get-lander';
import { LanderPage, preloadLanderKind } from './features/landers/lander-page';
import { grid } from './features/landers/landers.css';
import type { Boot } from './lib/boot';
import { createTranslator } from './lib/i18n';
import { loadLandersCatalogue } from './lib/landers-catalogue';
import { LanderRouteContext } from './lib/lander-router';
import { setUser } from './lib/user';

/** The markers the worker replaces (worker/features/shell/lander-page.ts reads the same names). */
export const MARK = {
  tiles: '@@tiles@@',
  id: '@@id@@',
  name: '@@name@@',
  meta: '@@meta@@',
  thumb: '@@thumb@@',
  match: '@@match@@',
  url: '@@url@@',
  age: '@@age@@',
} as const;

/** One site and locale's templates: each prerendered lander's pages, the tiles, the age's text. */
export type LanderTemplates = {
  pages: Record<string, { ok: string; refused: string; count: number }>;
  /** key: fictional (0/1), online (0/1), eager (e) or lazy (l): "10e" */
  tiles: Record<string, string>;
  partner: Record<PartnerTile['kind'], string>;
  age: string;
};

const card = (i: number, fictional: boolean, online: boolean): MemberCard => ({
  id: (i === 0 ? MARK.id : `${MARK.id}${i}`) as unknown as number,
  name: MARK.name,
  age: null,
  city: MARK.meta,
  region: null,
  country: null,
  fictional,
  photo_count: 1,
  main_image: { thumb_filename: MARK.thumb, match: MARK.match } as MemberCard['main_image'],
  online,
  recently_active: false,
});

async function render(boot: Boot, name: LanderName, value: Loaded<unknown>): Promise<string> {
  seedAnswer(landerPath(name), value);
  const pathname = `/landers/${name}`;
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider boot={boot} t={await createTranslator(boot.settings.locale)}>
        <LanderRouteContext.Provider value={{ params: { name }, screen: <LanderPage />, pathname }}>
          <RouteBoundary>
            <LanderLayout />
          </RouteBoundary>
        </LanderRouteContext.Provider>
      </AppProvider>
    </StrictMode>,
  );
  // the video lander's video waits for the app in the HTML (its poster shows): autoplaying from the HTML, its 230 KB competed with the first screen's photos
  return (await new Response(prelude).text()).replace(/<video [^>]*>/g, (tag) =>
    tag.replace(' autoPlay=""', '').replace('preload="metadata"', 'preload="none"'),
  );
}

/** The `<li>`s of the page's one grid, and the page around them. */
function splitGrid(html: string): { before: string; items: string[]; after: string } {
  const open = `<ul class="${grid}">`;
  const start = html.indexOf(open);
  if (start < 0 || html.indexOf(open, start + 1) >= 0) throw new Error('lander prerender: the page must have exactly one profile grid');
  const from = start + open.length;
  const end = html.indexOf('</ul>', from);
  const inner = html.slice(from, end);
  const items = inner ? inner.split(/(?=<li>)/) : [];
  return { before: html.slice(0, from), items, after: html.slice(end) };
}

const ok = (profiles: MemberCard[], partner: PartnerTile[] = []): Loaded<unknown> => ({ status: 'ok', data: { profiles, partner } });

/** The templates of one site and locale, for the landers named. */
export async function renderLanderTemplates(boot: Boot, names: LanderName[]): Promise<LanderTemplates> {
  setUser(null);
  const t = await createTranslator(boot.settings.locale);
  // each translator gets the landers' and footer's texts (their code loads once per build process)
  await Promise.all([loadLandersCatalogue(), loadFooterCatalogue(), preloadFooter(), ...names.map(preloadLanderKind)]);
  const pages: LanderTemplates['pages'] = {};
  for (const name of names) {
    const empty = splitGrid(await render(boot, name, ok([])));
    const full = splitGrid(await render(boot, name, ok(Array.from({ length: 24 }, (_, i) => card(i, false, false)))));
    pages[name] = {
      ok: `${empty.before}${MARK.tiles}${empty.after}`,
      refused: await render(boot, name, { status: 'refused', code: 403 }),
      count: full.items.length,
    };
  }
  // every kind of tile, eager (the first four) and lazy, from a grid of eight
  const variants = [0, 1, 2, 3].map((v) => [!!(v & 2), !!(v & 1)] as const);
  const cards = [...variants, ...variants].map(([fictional, online], i) => card(i, fictional, online));
  const tiles: Record<string, string> = {};
  const { items } = splitGrid(await render(boot, 'gallery', ok(cards)));
  items.forEach((html, i) => {
    const [fictional, online] = variants[i % 4]!;
    tiles[`${+fictional}${+online}${i < 4 ? 'e' : 'l'}`] = html.replaceAll(`${MARK.id}${i}`, MARK.id);
  });
  const partnerItems = splitGrid(
    await render(
      boot,
      'gallery',
      ok(
        [],
        [
          { kind: 'cam', url: MARK.url },
          { kind: 'resell', url: MARK.url },
        ],
      ),
    ),
  ).items;
  return { pages, tiles, partner: { cam: partnerItems[0]!, resell: partnerItems[1]! }, age: t('landers.age', { age: MARK.age }) };
}
