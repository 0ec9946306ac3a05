// The first screen's JavaScript, counted one way for the bench (tests/bench/run.mjs, landers.mjs) and for the test
// that keeps it in its budget (tests/unit/first-screen-budget.test.ts): the build's chunks, gzipped at level 9.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 32 §2 (and issue 17 for the landers): a first screen's initial JS, gzip, in its largest language. */
export const INITIAL_JS_BUDGET_KB = 90;

type Manifest = Record<string, { file: string; imports?: string[] }>;
export type InitialJs = { files: string[]; raw: number; gz: number };

const readManifest = (dist: string, name: string): Manifest => JSON.parse(readFileSync(join(dist, '.vite', name), 'utf8')) as Manifest;

/** The languages of locales/ (the visitor's own catalogue is the only one a page loads). */
export const LOCALES = readdirSync('locales')
  .filter((f) => /^[a-z]{2}\.json$/.test(f))
  .map((f) => f.slice(0, 2))
  .sort();

/** The chunks of `keys` and their static imports, and `extra` files as they are, summed raw and gzipped. */
function count(dist: string, manifest: Manifest, keys: string[], extra: string[] = []): InitialJs {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    (chunk.imports ?? []).forEach(walk);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`initial JS: ${key} is no chunk of the build (${dist})`);
    walk(key);
  }
  extra.forEach((f) => files.add(f));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: [...files], raw, gz };
}

/**
 * Initial JS of the landing page: the entry, its static imports, the landing chunk and its imports, the visitor's
 * catalogue, and the prerendered page's own script (/start.js, web/start.js: it imports the entry after the first paint).
 */
export function landingInitialJs(locale: string, dist = 'web/dist'): InitialJs {
  return count(
    dist,
    readManifest(dist, 'manifest.json'),
    ['index.html', 'features/landing/landing-page.tsx', `../locales/${locale}.json`],
    ['start.js'],
  );
}

/**
 * The JS a lander loads before it shows anything: the landers' entry (web/lander.html, their own build:
 * .vite/lander-manifest.json) and its static imports, React DOM (a chunk the entry imports when it starts:
 * web/lander-main.tsx), the page (`keys`: the lander page and the lander's own chunk, or the campaign page) and the
 * visitor's two catalogues (main and landers).
 */
export function landerInitialJs(keys: string[], locale: string, dist = 'web/dist'): InitialJs {
  const manifest = readManifest(dist, 'lander-manifest.json');
  const reactDom = Object.keys(manifest).find((key) => key.endsWith('node_modules/react-dom/client.js'));
  if (!reactDom) throw new Error('initial JS: React DOM is no chunk of the landers build');
  return count(dist, manifest, ['lander.html', reactDom, ...keys, `../locales/${locale}.json`, `../locales/landers/${locale}.json`]);
}
