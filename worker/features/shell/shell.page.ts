import type { Locale } from '../../../tenants/schema';
import type { User } from '../../contracts/account';
import { LANDER_KINDS } from '../../contracts/landers.values';
import { defaultFilters, searchPath } from '../../contracts/first-search';
import type { Settings } from '../../contracts/site';
import type { Bindings } from '../../env';
import type { LanderTemplates } from './lander-page';

/** The Vite manifest's chunks (web/dist/.vite/manifest.json), as far as the shell reads them. */
type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;
/** The build's prerendered pages (scripts/prerender.ts): `slug|locale|path` → the markup of #root. */
type Prerendered = Record<string, string>;
/** The member site's page, manifest and prerendered pages, and the landers' (web/lander/vite.config.ts; absent from an older build). */
export type ShellFiles = {
  html: string;
  manifest: Manifest;
  prerendered: Prerendered;
  lander: { html: string; manifest: Manifest } | null;
  /** The prerendered landers' templates by `slug|locale` (web/lander-prerender.tsx; absent from an older build). */
  landerTemplates: Record<string, LanderTemplates>;
};

/**
 * index.html and the Vite manifest, fetched from the assets once per isolate. An isolate never
 * outlives its deployment (a new deployment, assets included, starts new isolates), so the
 * module-level promise is the per-deployment cache: a shell can never name another deployment's
 * chunks. A failed or missing build is not kept (the next request tries again).
 */
let files: ShellFiles | null = null;

async function fetchFiles(env: Bindings, origin: string): Promise<ShellFiles | null> {
  const [index, manifest, prerendered, landerIndex, landerManifest, landerTemplates] = await Promise.all([
    env.ASSETS.fetch(new Request(`${origin}/`, { headers: { accept: 'text/html' } })),
    env.ASSETS.fetch(new Request(`${origin}/.vite/manifest.json`)),
    env.ASSETS.fetch(new Request(`${origin}/.vite/prerender.json`)),
    env.ASSETS.fetch(new Request(`${origin}/lander.html`, { headers: { accept: 'text/html' } })),
    env.ASSETS.fetch(new Request(`${origin}/.vite/lander-manifest.json`)),
    env.ASSETS.fetch(new Request(`${origin}/.vite/lander-prerender.json`)),
  ]);
  if (!index.ok) {
    await Promise.all([manifest, prerendered, landerIndex, landerManifest, landerTemplates].map((r) => r.body?.cancel()));
    return null;
  }
  const lander =
    landerIndex.ok && landerManifest.ok ? { html: await landerIndex.text(), manifest: (await landerManifest.json()) as Manifest } : null;
  if (!lander) await Promise.all([landerIndex, landerManifest].map((r) => r.body?.cancel()));
  return {
    html: await index.text(),
    manifest: manifest.ok ? ((await manifest.json()) as Manifest) : {},
    prerendered: prerendered.ok ? ((await prerendered.json()) as Prerendered) : (await prerendered.body?.cancel(), {}),
    lander,
    landerTemplates:
      lander && landerTemplates.ok
        ? ((await landerTemplates.json()) as Record<string, LanderTemplates>)
        : (await landerTemplates.body?.cancel(), {}),
  };
}

/**
 * The shell's files, kept once read. Only the read files are shared, never a pending read: a
 * promise made by one request and awaited by another hangs in workerd when the first request is
 * cancelled (a visitor navigating away), and would then hang every later request of the isolate.
 * Concurrent first requests each read the files (a few ms, once per isolate).
 */
export async function shellFiles(env: Bindings, origin: string): Promise<ShellFiles | null> {
  if (files) return files;
  const found = await fetchFiles(env, origin);
  if (found) files = found;
  return found;
}

/**
 * The lazy chunks an app route loads before its first paint, by the Vite manifest's keys (source
 * paths relative to web/): web/app/router.tsx's screens and the catalogues they load with them.
 * The shell names them with modulepreload hints, so the browser fetches them alongside the entry
 * instead of after it has run. A key missing from the manifest is skipped (no hint, no harm).
 */
/** The account catalogue's locale map: a chunk of its own beside the account screens' (web/lib/account-catalogue.ts). */
const ACCOUNT_LOADERS = 'lib/account-catalogue.ts';
const SCREENS: [RegExp, string, (l: Locale) => string[]][] = [
  [/^\/$/, 'landing', () => ['features/landing/landing-page.tsx']],
  [/^\/pages\/ban$/, 'page', () => ['app/ban-page.tsx', 'features/pages/static-page.tsx']],
  [/^\/(pages\/[^/]+|complaints|terms|privacy|cookies|ban|faq|return-policy|service)$/, 'page', () => ['features/pages/static-page.tsx']],
  // each lander with its own kind's chunk (web/features/landers/lander-page.tsx: KINDS) and the landers catalogue
  ...Object.entries(LANDER_KINDS).map(([name, file]): [RegExp, string, (l: Locale) => string[]] => [
    new RegExp(`^/landers/${name}(/|$)`),
    `lander-${name}`,
    (l) => ['features/landers/lander-page.tsx', `features/landers/kinds/${file}.tsx`, `../locales/landers/${l}.json`],
  ]),
  [
    /^\/members\/\d+\/(landing|signup|landing2|landing3)(\/|$)/,
    'campaign',
    (l) => ['features/landers/campaign-page.tsx', `../locales/landers/${l}.json`],
  ],
  [
    /^\/(profile|members|likes|swipe-game|chats|match-finder|signup-matches|appeal)(\/|$)/,
    'members',
    (l) => ['app/member-screens.tsx', `../locales/members/${l}.json`, ACCOUNT_LOADERS, `../locales/account/${l}.json`],
  ],
  [
    /^\/(credits|premium|transactions|directdebit)(\/|$)/,
    'payments',
    (l) => ['app/payment-screens.tsx', `../locales/payments/${l}.json`, ACCOUNT_LOADERS, `../locales/account/${l}.json`],
  ],
  [
    /^\/(login|reset-password|activate|mail-change|reactivate|account-deleted)(\/|$)/,
    'auth',
    (l) => ['features/auth/auth-screens.ts', ACCOUNT_LOADERS, `../locales/account/${l}.json`],
  ],
  [/^\/lang-config$/, 'lang-config', (l) => ['features/lang-config/lang-config-page.tsx', ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
  [/^\/(signup|complete-signup)$/, 'signup', (l) => ['app/signup-screens.tsx', ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
];
/**
 * What a lander's first paint waits for besides its chunks: its profile call (the page asks the
 * same address with no header of its own, so the browser uses this answer:
 * web/features/landers/api/get-lander.ts), and the video lander's poster, its largest image.
 */
export function landerDataHints(path: string, inlined = false): string {
  const name = /^\/landers\/([a-z]+)(?:\/|$)/.exec(path)?.[1];
  if (!name || !Object.hasOwn(LANDER_KINDS, name)) return '';
  const poster = name === 'video' ? '<link rel="preload" as="image" href="/lander/reel-poster.webp" fetchpriority="high">' : '';
  // a prerendered lander has its answer in the page (shell.routes.ts): no call to preload
  return `${inlined ? '' : `<link rel="preload" as="fetch" href="/api/lander.php?name=${name}" crossorigin>`}${poster}`;
}

/**
 * A visitor's page load of a lander the build prerendered (scripts/prerender.ts,
 * PRERENDERED_LANDERS): its name and this site and locale's templates. A member's lander (its call
 * to action differs) and every other lander are rendered on the client.
 */
export function landerTemplatesFor(
  files: ShellFiles,
  slug: string,
  locale: Locale,
  path: string,
  member: boolean,
): { name: string; templates: LanderTemplates } | null {
  const m = /^\/landers\/([a-z]+)(?:\/[^/]+)?\/?$/.exec(path);
  const templates = files.landerTemplates[`${slug}|${locale}`];
  if (member || !m || !templates || !Object.hasOwn(templates.pages, m[1]!) || (m[1] === 'tinderswipe' && path.split('/').length > 3))
    return null;
  return { name: m[1]!, templates };
}

/** The members page itself (not a member's profile below it). */
export const MEMBERS_PAGE = /^\/members\/?$/;

/**
 * What the members page's first render waits for besides its chunks: the member's first search
 * (worker/contracts/first-search.ts, the rule the page uses), named in a preload hint so the
 * answer arrives alongside the scripts instead of after them; the page's request for it is a plain
 * fetch of the same address (web/lib/preloaded-fetch.ts), which the browser matches with the hint.
 * A member's page load of /members (rendered by React in the worker) names it for web/start.js instead
 * (`<meta name="first-search">`), which adds the hint when it starts the app, after the first
 * paint: that paint then shares the connection with nothing but its fonts (a request finished
 * before it counts for Lighthouse's LCP). Only /members itself: a page with the search kept (back
 * from a profile) asks nothing.
 */
export function firstSearchHint(path: string, user: Pick<User, 'profile'>, settings: () => Settings, prerendered: boolean): string {
  if (!MEMBERS_PAGE.test(path)) return '';
  const href = searchPath(defaultFilters(user, settings()), 1).replace(/&/g, '&amp;');
  return prerendered
    ? `<meta name="first-search" content="${href}">`
    : `<link rel="preload" as="fetch" href="${href}" crossorigin fetchpriority="high">`;
}

/** Markup added at the end of a rendered page's head (before `</head>`, which the head has once). */
export function inHead(page: string, markup: string): string {
  const at = page.indexOf('</head>');
  return at < 0 ? page : page.slice(0, at) + markup + page.slice(at);
}

/** The screens the landers' own build serves (web/lander-main.tsx): each lander and the campaign pages. */
const LANDER_SCREENS = /^(lander-|campaign$)/;

/**
 * The page and manifest for a screen: the landers' build for the landers and campaign pages (their
 * first load without the member site's router and layouts: the landing page's 90 KB JS budget),
 * the member site's for every other screen.
 */
export function pageFiles(files: ShellFiles, screenName: string): { html: string; manifest: Manifest; lander: boolean } {
  const lander = LANDER_SCREENS.test(screenName.replace(/\+member$/, '')) ? files.lander : null;
  return lander ? { ...lander, lander: true } : { html: files.html, manifest: files.manifest, lander: false };
}

/** What a logged-in member's page loads besides its screen: the member layer and navigation. */
const MEMBER_CHUNKS = ['app/layouts/member-layer.tsx', 'components/layout/member-nav.tsx', 'lib/account-catalogue.ts'];

export function screenOf(path: string): { name: string; keys: (l: Locale) => string[] } {
  const found = SCREENS.find(([pattern]) => pattern.test(path));
  return found ? { name: found[1], keys: found[2] } : { name: 'other', keys: () => [] };
}

/** The stylesheets a page links itself (index.html's entry CSS), by their paths under the assets. */
export const pageStylesheets = (html: string) =>
  [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="\/([^"]+)"/.exec(m[0])?.[1])
    .filter((f): f is string => !!f);

/** The chunks these keys load and their imports (not the entry's), and their CSS files, in the order Vite's loader applies them. */
export function screenAssets(manifest: Manifest, keys: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((f) => styles.add(f));
    chunk.imports?.forEach(walk);
  };
  keys.forEach(walk);
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * modulepreload hints for these chunks and their imports, style preloads for their CSS: the browser
 * fetches them alongside the entry instead of after it has run. (A prerendered page has its CSS
 * inlined instead, and its scripts load after its first paint: inline-styles.ts, web/start.js.)
 */
export function preloadHints(manifest: Manifest, keys: string[]): string {
  const { scripts, styles } = screenAssets(manifest, keys);
  return [
    ...styles.map((f) => `<link rel="preload" as="style" href="/${f}" crossorigin>`),
    ...scripts.map((f) => `<link rel="modulepreload" href="/${f}" crossorigin>`),
  ].join('');
}

/**
 * The markup of #root prerendered for this page, if any: only visitors get it (a member's page
 * shows the member), and only for the paths the build prerenders (scripts/prerender.ts).
 */
export const prerenderedRoot = (files: ShellFiles, slug: string, locale: Locale, path: string, member: boolean): string | null =>
  member ? null : (files.prerendered[`${slug}|${locale}|${path}`] ?? null);

/** The entry warning's dialog chunk (its CSS is the static copy's, worker/features/shell/shell.routes.ts). */
export const ENTRY_WARNING_DIALOG = 'features/entry-warning/entry-warning-dialog.tsx';

/** The footer below every screen but the chat's: its own chunk and catalogue (web/components/layout/lazy-footer.tsx), fetched beside the screen's. */
const footerKeys = (path: string, l: Locale) =>
  /^\/chats(\/|$)/.test(path) ? [] : ['components/layout/footer.tsx', `../locales/footer/${l}.json`];

export const screenKeys = (path: string, locale: Locale, member: boolean) => {
  const screen = screenOf(path);
  return {
    name: `${screen.name}${member ? '+member' : ''}`,
    keys: [`../locales/${locale}.json`, ...screen.keys(locale), ...(member ? MEMBER_CHUNKS : []), ...footerKeys(path, locale)],
  };
};
