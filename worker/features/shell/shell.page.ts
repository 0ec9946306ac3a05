import type { Locale } from '../../../tenants/schema';
import type { LanderName } from '../../contracts/constants';
import type { Bindings } from '../../env';

/** The Vite manifest's chunks (web/dist/.vite/manifest.json), as far as the shell reads them. */
type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, Chunk>;
export type ShellFiles = { html: string; manifest: Manifest };

/**
 * index.html and the Vite manifest, fetched from the assets once per isolate. An isolate never
 * outlives its deployment (a new deployment, assets included, starts new isolates), so the
 * module-level promise is the per-deployment cache: a shell can never name another deployment's
 * chunks. A failed or missing build is not kept (the next request tries again).
 */
let files: ShellFiles | null = null;

async function fetchFiles(env: Bindings, origin: string): Promise<ShellFiles | null> {
  const [index, manifest] = await Promise.all([
    env.ASSETS.fetch(new Request(`${origin}/`, { headers: { accept: 'text/html' } })),
    env.ASSETS.fetch(new Request(`${origin}/.vite/manifest.json`)),
  ]);
  if (!index.ok) {
    await manifest.body?.cancel();
    return null;
  }
  return { html: await index.text(), manifest: manifest.ok ? ((await manifest.json()) as Manifest) : {} };
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
/** Each lander's chunk under web/features/landers/kinds/ (the same table as the lander page's KINDS). */
export const LANDER_KINDS: Record<LanderName, string> = {
  alonetonight: 'alone-tonight',
  collagelanding: 'collage',
  gallery: 'gallery',
  iconslanding: 'icons',
  maplanding: 'map',
  socialnetwork: 'social',
  transitionsvideolanding: 'transitions',
  video: 'video',
  tinderswipe: 'swipe',
};
const SCREENS: [RegExp, string, (l: Locale) => string[]][] = [
  [/^\/$/, 'landing', () => ['features/landing/landing-page.tsx']],
  [/^\/(pages\/[^/]+|complaints|terms|privacy|cookies|ban|faq|return-policy|service)$/, 'page', () => ['features/pages/static-page.tsx']],
  // each lander with its own kind's chunk (web/features/landers/lander-page.tsx: KINDS) and the landers catalogue
  ...Object.entries(LANDER_KINDS).map(([name, file]): [RegExp, string, (l: Locale) => string[]] => [
    new RegExp(`^/landers/${name}(/|$)`),
    `lander-${name}`,
    (l) => ['features/landers/lander-page.tsx', `features/landers/kinds/${file}.tsx`, `../locales/landers/${l}.json`],
  ]),
  [/^\/members\/\d+\/(landing|signup|landing2|landing3)(\/|$)/, 'campaign', (l) => ['features/landers/campaign-page.tsx', `../locales/landers/${l}.json`]],
  [/^\/(profile|members|likes|swipe-game|chats|match-finder|signup-matches|appeal)(\/|$)/, 'members', (l) => ['app/member-screens.tsx', `../locales/members/${l}.json`, ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
  [/^\/(credits|premium|transactions|directdebit)(\/|$)/, 'payments', (l) => ['app/payment-screens.tsx', `../locales/payments/${l}.json`, ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
  [/^\/(login|reset-password|activate|mail-change|reactivate|account-deleted)(\/|$)/, 'auth', (l) => ['features/auth/auth-screens.ts', ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
  [/^\/lang-config$/, 'lang-config', (l) => ['features/lang-config/lang-config-page.tsx', ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
  [/^\/(signup|complete-signup)$/, 'signup', (l) => ['app/signup-screens.tsx', ACCOUNT_LOADERS, `../locales/account/${l}.json`]],
];
/** What a logged-in member's page loads besides its screen: the member layer and navigation. */
const MEMBER_CHUNKS = ['app/layouts/member-layer.tsx', 'components/layout/member-nav.tsx', 'lib/account-catalogue.ts'];

export function screenOf(path: string): { name: string; keys: (l: Locale) => string[] } {
  const found = SCREENS.find(([pattern]) => pattern.test(path));
  return found ? { name: found[1], keys: found[2] } : { name: 'other', keys: () => [] };
}

/** modulepreload hints for these chunks and their imports (not the entry's), style preloads for their CSS. */
export function preloadHints(manifest: Manifest, keys: string[]): string {
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
  return [...[...styles].map((f) => `<link rel="preload" as="style" href="/${f}" crossorigin>`), ...[...scripts].map((f) => `<link rel="modulepreload" href="/${f}" crossorigin>`)].join('');
}

/** The footer below every screen but the chat's: its own chunk and catalogue (web/components/layout/lazy-footer.tsx), fetched beside the screen's. */
const footerKeys = (path: string, l: Locale) => (/^\/chats(\/|$)/.test(path) ? [] : ['components/layout/footer.tsx', `../locales/footer/${l}.json`]);

export const screenKeys = (path: string, locale: Locale, member: boolean) => {
  const screen = screenOf(path);
  return {
    name: `${screen.name}${member ? '+member' : ''}`,
    keys: [`../locales/${locale}.json`, ...screen.keys(locale), ...(member ? MEMBER_CHUNKS : []), ...footerKeys(path, locale)],
  };
};
