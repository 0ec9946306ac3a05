import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { cookieTime } from '../../contracts/cookie-mirrors';
import type { AppEnv } from '../../env';
import { sessionUserBody, sessionUserItems } from '../../domain/users';
import { clock } from '../../lib/clock';
import { batchSession } from '../../middleware/session';
import { buildSettings, settingsJson } from '../../lib/site-settings';
import { settingsInputOf } from '../../middleware/context';
import { companyInfo } from '../../lib/tenants';
import { hasTrafficSource, rememberTrafficSource } from '../../middleware/traffic';
import { LANDERS } from '../../contracts/landers.values';
import { APP_ROOT_ROUTES, STATIC_PAGE_TOKENS } from '../../contracts/site-paths';
import type { User } from '../../contracts/account';
import { memberHome } from '../../contracts/account.values';
import { landerProfiles } from '../../domain/landers';
import { ENTRY_WARNING_COOKIE, shouldShowEntryWarning } from '../../contracts/entry-warning';
import { landerRoot } from './lander-page';
import { activeDiscountOf, discountJson, sessionRedemptionItem } from '../../domain/discounts';
import type { DiscountCode } from '../../contracts/payments';
import { ACTIVE_DISCOUNT_ID, liveDiscount } from '../../contracts/welcome-bonus';
import {
  ENTRY_WARNING_DIALOG,
  MEMBERS_PAGE,
  firstSearchHint,
  inHead,
  landerDataHints,
  landerTemplatesFor,
  pageFiles,
  pageStylesheets,
  preloadHints,
  prerenderedRoot,
  screenAssets,
  screenKeys,
  shellFiles,
} from './shell.page';
import { inlineStyles, type InlinedStyles } from './inline-styles';
import { themeStyle, type ThemeStyle } from './theme-style';
import { contentSecurityPolicy } from '../../middleware/security';

/**
 * A one-segment path that is neither an app route nor a static page's token (spec section 2,
 * "Static pages: {token}") is unknown: the app's page still comes (it shows its 404 screen), with
 * status 404.
 */
const KNOWN_ROOTS = new Set<string>([...APP_ROOT_ROUTES, ...STATIC_PAGE_TOKENS]);
const isUnknownPath = (path: string) => {
  const root = /^\/([^/]+)\/?$/.exec(path)?.[1];
  return root !== undefined && !KNOWN_ROOTS.has(root);
};

const hasExtension = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);
const escapeJson = (json: string) => json.replace(/</g, '\\u003c');
/** An unknown lander (or tinderswipe with a slug): the app's 404 page, with the status to match. */
function unknownLander(path: string) {
  const m = /^\/landers\/([^/]*)(?:\/([^/]+))?\/?$/.exec(path);
  if (!path.startsWith('/landers/')) return false;
  if (!m) return true;
  return !(LANDERS as readonly string[]).includes(m[1]!) || (m[1] === 'tinderswipe' && !!m[2]);
}
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Where the member's `user` goes in a rendered page: the page is kept as the text before and after
 * it (a constant: Workers allow no random values at global scope; renderPage checks it is unique).
 */
const USER = '"@@shell-user@@"';
/** Where a prerendered lander's #root and its inlined answer go in a rendered page (filled per request). */
const LANDER_ROOT = '@@shell-lander-root@@';
const LANDER_DATA = '@@shell-lander-data@@';
/** Where a member's /members #root goes (rendered per request by React with the member's data: members-ssr). */
const MEMBERS_ROOT = '@@shell-members-root@@';
/** A rendered page around the member's `user`, and its own CSP when it has its stylesheets inlined (allowed by their hash). */
type Page = { head: string; tail: string; csp: string };

/**
 * Whether a member's /members page load comes with the entry warning's static copy: the app's rule
 * (worker/contracts/entry-warning.ts; /members is in the default layout) with the browser's answer
 * read from the dismissal's cookie mirror (web/lib/dismissals.ts). A browser that answered it before
 * the mirror existed gets the copy once; the app then removes it and writes the cookie.
 */
function entryWarningDue(c: Context<AppEnv>, settings: { enable_site_entry_popup: 'yes' | 'no'; geoip_country: string | null }): boolean {
  return shouldShowEntryWarning({
    enabled: settings.enable_site_entry_popup,
    country: settings.geoip_country,
    layout: 'default',
    routeName: 'members',
    dismissedAt: cookieTime(getCookie(c, ENTRY_WARNING_COOKIE)),
  });
}
// only rendered pages, never a pending rendering (shell.page.ts, shellFiles: why)
const pages = new Map<string, Page>();

/**
 * index.html for one site, host, locale, visitor country and screen (its preload hints), with
 * everything but the member filled in: rendered once per isolate (HTMLRewriter), then kept.
 */
function renderPage(
  html: string,
  settingsJsonText: string,
  settings: ReturnType<typeof buildSettings>,
  company: string,
  hints: string,
  locale: string,
  root: string | null,
  styles: InlinedStyles | null,
  screenScripts: string[],
  covered: boolean,
  theme: ThemeStyle,
): Promise<Page> {
  const boot = `{"settings":${settingsJsonText},"company":${company},"user":${USER}}`;
  // the installed app: this site's colour for the browser's bar (its manifest and icon for iOS the app links after the page's load: web/app/installed-app)
  const rewriter = new HTMLRewriter();
  // The screen prerendered by the build (the visitor's landing page) paints before any script is
  // fetched: the entry's script tag becomes web/start.js (low priority), which imports the
  // entry (data-entry) after that paint, so the first paint shares the connection with nothing but
  // the stylesheets and fonts it needs. Marked until the app has taken over (web/app/root.tsx).
  // its stylesheets inlined (inline-styles.ts): the page's own links stay, disabled
  if (styles) rewriter.on('link[rel="stylesheet"]', { element: (e) => void e.setAttribute('disabled', '') });
  if (root) {
    // under the entry warning's copy (`covered`) the page behind it is inert until the warning is answered, as behind the app's dialog
    rewriter.on('#root', {
      element: (e) => {
        e.setInnerContent(root, { html: true }).setAttribute('data-prerendered', '');
        // a member's /members is React's render of the app's tree: the app hydrates it (web/main.tsx)
        if (root === MEMBERS_ROOT) e.setAttribute('data-hydrate', '');
        if (covered) e.setAttribute('inert', '');
      },
    });
    rewriter.on('script[type="module"][src^="/assets/"]', {
      element: (e) => {
        e.setAttribute('data-entry', e.getAttribute('src')!);
        e.setAttribute('src', '/start.js');
        e.setAttribute('fetchpriority', 'low');
        e.removeAttribute('crossorigin');
        // the screen's chunks, which the app hints one per task as it starts (web/main.tsx): its own preloads of them then
        // find them hinted (Vite's helper made all its links in one task of ~50 ms at a phone's CPU)
        if (screenScripts.length > 0) e.setAttribute('data-preload', screenScripts.map((f) => `/${f}`).join(' '));
        // a prerendered lander's app starts once its photos are in (start.js)
        if (root === LANDER_ROOT) e.setAttribute('data-after-load', '');
      },
    });
  }
  const res = rewriter
    .on('html', { element: (e) => void e.setAttribute('lang', locale) })
    .on('meta[name="theme-color"]', { element: (e) => void e.setAttribute('content', settings.theme_color) })
    .on('title', { element: (e) => void e.setInnerContent(settings.index_title) })
    .on('head', {
      element: (e) =>
        void e.append(
          `<meta name="description" content="${escapeAttr(settings.description)}"><script id="boot" type="application/json">${escapeJson(boot)}</script>${styles ? styles.links + styles.style : ''}${theme.style}${hints}`,
          { html: true },
        ),
    })
    .transform(new Response(html));
  return res.text().then((text) => {
    const parts = text.split(USER);
    if (parts.length !== 2) throw new Error('shell: the user marker must occur once in the page');
    // the site's palette (theme-style.ts) is in every page; a prerendered page's stylesheets too
    return { head: parts[0]!, tail: parts[1]!, csp: contentSecurityPolicy(styles ? [styles.hash, theme.hash] : [theme.hash]) };
  });
}

/**
 * Static files from web/dist, and for every app route the SPA's index.html with this site's
 * settings, company info and the logged-in member inlined (as inert JSON, allowed by the CSP),
 * the page language and title, and preload hints for the screen's lazy chunks: the first paint
 * needs no extra API round trip. index.html is read from the assets once per isolate and each
 * site's page rendered once (shell.page.ts); a request then costs a Map lookup, plus the member's
 * `user` (one D1 batch with the session's lookup, only with a session cookie).
 */
export const shellRoutes = new Hono<AppEnv>().get('*', async (c) => {
  const path = c.req.path;
  // the operator console's page is served on the operator host only (app.ts), never on a member site
  if (path === '/operator' || path.startsWith('/operator/')) return c.text('Not found', 404);
  // the landers' page template (web/lander.html) is served through the routes below only, never raw
  if (path === '/lander.html') return c.text('Not found', 404);
  if (hasExtension(path) && path !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status === 404) return c.text('Not found', 404);
    if (path === '/sw.js') {
      // the service worker (web/sw.ts) at a fixed address: the browser must see a new version at once
      const res = new Response(asset.body, asset);
      res.headers.set('Cache-Control', 'no-cache');
      return res;
    }
    if (!path.startsWith('/assets/')) return asset;
    const res = new Response(asset.body, asset);
    res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res;
  }
  const files = await shellFiles(c.env, new URL(c.req.url).origin);
  if (!files) return c.text('The web app is not built: run npm run build', 503);

  rememberTrafficSource(c);
  const input = settingsInputOf(c);
  // the prerendered screen goes to the browser's own page loads only: a script's fetch of a page (the
  // service worker's shell, web/sw.ts) gets the plain app page, which serves every path. A page load
  // the service worker passes on (its fetch of the navigation: Sec-Fetch-Dest empty, mode navigate)
  // is a page load: an installed app's member would otherwise never get the prerendered page.
  const asDocument = (c.req.header('sec-fetch-dest') ?? 'document') === 'document' || c.req.header('sec-fetch-mode') === 'navigate';
  // With a session cookie, the member and their `user` in one batch (one D1 round trip); a dead session is a visitor.
  // A page load of /members also asks whether the member redeemed a built-in discount: its welcome bonus banner comes with the page.
  let session = batchSession(c);
  if (session && asDocument && path === '/') {
    // a member's page load of `/` goes home (issue 33, "People first"): only the session is asked; a dead one is a visitor's landing page
    const [mine] = await c.get('db').batch([session.statement]);
    const found = session.member(mine);
    if (found) {
      // the answer depends on the cookie: kept by no cache; the query (a traffic source) goes along
      c.header('Cache-Control', 'private, no-cache');
      return c.redirect(memberHome({ signup_step: found.signupStep as User['signup_step'] }) + new URL(c.req.url).search, 302);
    }
    session = null;
  }
  let user = 'null';
  let member: User | null = null;
  /** A free member's active discount on a page load of /members (null: none); undefined: not asked. */
  let discount: DiscountCode | null | undefined;
  if (session) {
    const db = c.get('db');
    const now = clock.now();
    const bonus = asDocument && MEMBERS_PAGE.test(path);
    const [mine, photo, unread, redemption] = await db.batch([
      session.statement,
      ...sessionUserItems(db, session.values, c.get('tenant').niche),
      ...(bonus ? [sessionRedemptionItem(db, session.values)] : []),
    ]);
    const found = session.member(mine);
    if (found) {
      member = sessionUserBody(found, photo, unread).user;
      user = escapeJson(JSON.stringify(member));
      if (redemption && !found.paidUser) {
        const active = activeDiscountOf(found, redemption.length > 0, now);
        discount = liveDiscount(active && discountJson(active, now), false, now.getTime());
      }
    }
  }
  const screen = screenKeys(path, input.locale, !!member);
  const served = pageFiles(files, screen.name);
  // A prerendered lander (a visitor's page load): its page comes from the build's templates, filled
  // with this request's lander answer, which goes into the page too (web/lander-main.tsx reads it).
  const lander = asDocument ? landerTemplatesFor(files, input.tenant.slug, input.locale, path, !!member) : null;
  // A member's page load of /members: rendered by React with the member's data (never kept: only its place is in the cached page).
  const members = asDocument && !!member && MEMBERS_PAGE.test(path);
  // the entry warning's static copy at the end of body, for a browser that has not answered it (its dialog's CSS in the head)
  // the site's settings, built once and only where a member's page needs them (/members)
  let built: ReturnType<typeof buildSettings> | undefined;
  const settings = () => (built ??= buildSettings(input));
  const warning = members && entryWarningDue(c, settings());
  // a page with a template's places is kept apart from the same screen's page without them (a path under it that is not prerendered, another member screen)
  const key = `${input.tenant.slug}|${input.host}|${input.locale}|${input.country ?? ''}|${screen.name}${asDocument ? '' : '|fetch'}${lander ? '|template' : ''}${members ? '|members-render' : ''}${warning ? '|warning' : ''}`;
  let page = pages.get(key);
  if (!page) {
    const root = lander
      ? LANDER_ROOT
      : members
        ? MEMBERS_ROOT
        : asDocument
          ? prerenderedRoot(files, input.tenant.slug, input.locale, path, !!member)
          : null;
    const data = lander ? `<script id="lander-data" type="application/json">${LANDER_DATA}</script>` : '';
    const keys = warning ? [...screen.keys, ENTRY_WARNING_DIALOG] : screen.keys;
    // a prerendered page paints before any script: its stylesheets (the page's own, then its screen's) come inlined, and no script hints
    const assets = root ? screenAssets(served.manifest, keys) : null;
    const styles = assets ? await inlineStyles(c.env, new URL(c.req.url).origin, pageStylesheets(served.html), assets.styles) : null;
    const hints = (root ? '' : preloadHints(served.manifest, keys)) + landerDataHints(path, !!lander) + data;
    page = await renderPage(
      served.html,
      settingsJson(input),
      buildSettings(input),
      JSON.stringify(companyInfo(c.get('company'))),
      hints,
      input.locale,
      root,
      styles,
      // the landers' app (web/lander-main.tsx) starts its screen at once: hints before it would gain nothing
      lander ? [] : (assets?.scripts ?? []),
      !!warning,
      await themeStyle(input.tenant),
    );
    if (pages.size > 1000) pages.clear(); // ~6 KB a page: at most a few MB
    pages.set(key, page);
  }
  const { head } = page;
  // the member's first search on the members page, fetched alongside the scripts (the address is the member's own: a private page)
  const search = member && asDocument ? firstSearchHint(path, member, settings, !!members) : '';
  let tail = search ? inHead(page.tail, search) : page.tail;
  if (lander) {
    // on arrival with a traffic source, this very request records it (its cookie comes back only with the next)
    // a lander is a visitor's page (landerTemplatesFor): no viewer
    const answer = await landerProfiles(c.get('db'), {
      tenant: c.get('tenant'),
      settings: c.get('settings'),
      country: c.get('country'),
      searcher: { memberId: null, trafficSource: !!(c.req.query('network') || c.req.query('ref')) || hasTrafficSource(c) },
    });
    const value = answer ? { status: 'ok', data: answer } : { status: 'refused', code: 403 };
    const data = escapeJson(JSON.stringify({ path: `/api/lander.php?name=${lander.name}`, value }));
    const root = landerRoot(lander.templates, lander.name, answer, input.locale) ?? '';
    tail = tail.replace(LANDER_DATA, () => data).replace(LANDER_ROOT, () => root);
  }
  if (members && member) {
    // the app's own tree at /members, with the inputs the browser's first render reads from this page (the boot JSON, the
    // active discount below, this browser's cookie mirrors), which it hydrates (web/main.tsx)
    // imported on the first such page load, not at the isolate's start (its module is the app's /members tree and catalogues)
    const { renderMembersPage } = await import('members-ssr');
    const rendered = await renderMembersPage({
      boot: { settings: settings(), company: companyInfo(c.get('company')), user: member },
      discount: discount ?? null,
      cookies: getCookie(c),
      warning,
    });
    tail = tail.replace(MEMBERS_ROOT, () => rendered.root);
    // at the end of body: the active discount the banner shows, for the app's first render (web/lib/calls/get-discount.ts:
    // seedActiveDiscount), what the render read of this browser's cookie mirrors, for the same (web/lib/rendered-with.ts),
    // then the warning where the app's dialog goes (a portal at the end of body), which replaces it in place
    const end = tail.lastIndexOf('</body>');
    const answer =
      discount === undefined
        ? ''
        : `<script id="${ACTIVE_DISCOUNT_ID}" type="application/json">${escapeJson(JSON.stringify(discount))}</script>`;
    if (end >= 0) tail = tail.slice(0, end) + answer + rendered.renderedWith + (rendered.warning ?? '') + tail.slice(end);
  }
  // through c.body, so headers set on the context (the traffic-source cookie) go along
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-cache' };
  // the landers' page runs the landers' app only: the service worker never keeps it as the app shell (web/sw.ts)
  if (served.lander) headers['X-App-Shell'] = 'lander';
  headers['Content-Security-Policy'] = page.csp;
  return c.body(head + user + tail, isUnknownPath(path) || unknownLander(path) ? 404 : 200, headers);
});
