/**
 * A member's /members rendered by React in the worker (the SSR build of this entry, web/dist-ssr/members-ssr.js,
 * which worker/features/shell imports through the `members-ssr` alias): the app's own tree at /members with the
 * member's data, the same inputs the browser's first render gets from the page (the boot JSON, the active discount,
 * the cookie mirrors of this browser's dismissals and push state). The browser hydrates it (web/main.tsx), so no rule
 * of the first screen is written a second time (docs/decisions/184-members-first-screen-rendered-by-react.md).
 *
 * The render is synchronous (renderToString): the app's stores are module state (the session, the push state, the
 * query cache, the countdown's clock), set for one render and reset after it, and a synchronous render is never
 * interleaved with another request's. Everything it shows is loaded first (`prepare`), so it suspends nowhere.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { DiscountCode } from '../worker/contracts/payments';
import { BANNER_COOKIES } from '../worker/contracts/cookie-mirrors';
import { PUSH_STATES } from '../worker/contracts/banners';
import { STATIC_ENTRY_WARNING_ID } from '../worker/contracts/entry-warning';
import { AppProvider } from './app/provider';
import { preloadMemberLayer } from './app/layouts/default-layout';
import { preloadMemberSync } from './app/member-sync-host';
import { Root } from './app/root';
import { preloadScreen } from './app/router';
import { preloadFooter } from './components/layout/lazy-footer';
import { preloadLanguageSelect, preloadMemberNav } from './components/layout/top-nav';
import { EntryWarningDialog } from './features/entry-warning/entry-warning-dialog';
import type { Boot } from './lib/boot';
import { activeDiscountQueryOptions } from './lib/calls/get-discount';
import { DISMISSAL_KEYS, readDismissalsFrom } from './lib/dismissals';
import { createTranslator, loadAccountCatalogue, type T } from './lib/i18n';
import { pushStore } from './lib/push';
import { renderedWithScript } from './lib/rendered-with';
import { queryClient } from './lib/query-client';
import { syncSecondClock } from './lib/time-bonus';
import { setUser } from './lib/user';

export type MembersPageInput = {
  /** What the page's boot JSON holds (settings, company, the member): the browser's first render reads the same. */
  boot: Boot & { user: NonNullable<Boot['user']> };
  /** The member's active discount as the page carries it for the app (`null`: none). */
  discount: DiscountCode | null;
  /** The request's cookies: the mirrors of this browser's dismissals and push state (web/lib/dismissals.ts, web/lib/push.ts). */
  cookies: Record<string, string | undefined>;
  /** Whether the entry warning is due (worker/contracts/entry-warning.ts, with the dismissal's cookie mirror). */
  warning: boolean;
};
/**
 * The markup of #root, what it was rendered with of this browser's state (a script for the end of body: the browser's
 * first render reads the same, web/lib/rendered-with.ts), and the entry warning's dialog for the end of body (null: not due).
 */
export type MembersPage = { root: string; renderedWith: string; warning: string | null };

/**
 * Each locale's translator with every catalogue the page shows (the main one, the members', the account's, the
 * footer's), and the page's lazy parts loaded. The bundle has no chunks (its dynamic imports are inlined), so this
 * awaits nothing but already-settled promises: it completes within one request's turn and is never interleaved
 * with another's (the catalogues join the translator web/lib/i18n.ts made last).
 */
const translators = new Map<string, T>();
async function prepare(locale: string): Promise<T> {
  const known = translators.get(locale);
  if (known) return known;
  const t = (await createTranslator(locale)) as T;
  // what web/main.tsx loads before it hydrates the page, and the account catalogue (the member navigation's texts)
  await Promise.all([
    preloadScreen('/members'),
    preloadFooter(),
    loadAccountCatalogue(),
    preloadMemberNav(),
    preloadMemberLayer(),
    preloadMemberSync(),
    preloadLanguageSelect(),
  ]);
  translators.set(locale, t);
  return t;
}

export async function renderMembersPage({ boot, discount, cookies, warning }: MembersPageInput): Promise<MembersPage> {
  const t = await prepare(boot.settings.locale);
  // from here on synchronous: the stores hold this request's member until the render has returned
  const push = PUSH_STATES.find((s) => s === cookies[BANNER_COOKIES.pushState]) ?? 'unknown';
  // the dismissals' mirrors this request carries (the banners' and the entry warning's), for the browser's first render
  const dismissals: Record<string, string> = {};
  for (const key of Object.values(DISMISSAL_KEYS)) if (cookies[key]) dismissals[key] = cookies[key];
  try {
    setUser(boot.user);
    pushStore.set(push);
    queryClient.setQueryData(activeDiscountQueryOptions().queryKey, discount);
    readDismissalsFrom((key) => cookies[key] ?? null);
    syncSecondClock();
    const root = renderToString(
      <StrictMode>
        <AppProvider boot={boot} t={t}>
          <StaticRouter location="/members">
            <Root />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
    );
    // a part that suspended would be the browser's to render (React's client-rendered boundary): the build is wrong
    const suspended = root.indexOf('<!--$!-->');
    if (suspended >= 0)
      throw new Error(`members-ssr: a part of /members suspended, after ${root.slice(Math.max(0, suspended - 200), suspended)}`);
    return {
      root,
      renderedWith: renderedWithScript({ push: cookies[BANNER_COOKIES.pushState] ?? '', dismissals }),
      warning: warning ? entryWarning(boot, t) : null,
    };
  } finally {
    readDismissalsFrom(null);
    setUser(null);
    pushStore.set('unknown');
    queryClient.clear();
  }
}

/**
 * The entry warning's dialog as the app shows it (a portal at the end of body; the Modal renders in place without a
 * document), in the element the app's own dialog removes when it shows (STATIC_ENTRY_WARNING_ID); its ids have a prefix
 * of their own (another render than #root's). The browser gives it the focus as it parses it (autofocus).
 */
function entryWarning(boot: Boot, t: T): string {
  const html = renderToString(
    <AppProvider boot={boot} t={t}>
      <EntryWarningDialog onAccept={() => {}} />
    </AppProvider>,
    { identifierPrefix: 'ew-' },
  );
  return `<div id="${STATIC_ENTRY_WARNING_ID}">${html.replace('role="dialog"', 'role="dialog" autofocus=""')}</div>`;
}
