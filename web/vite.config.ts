import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { prerenderPages } from '../scripts/prerender';
import { defineConfig, minify, transformWithOxc, type Plugin } from 'vite';
import { resolveTheme, type TenantFile } from '../tenants/schema';
import { APP_ICONS, appIconPath } from '../worker/contracts/brand';
import { logoSvg } from './lib/logo';

/**
 * Namespaces of locales/<l>.json that only the worker reads (settings texts, interest labels
 * served by /api/interests.php, gift names served by /api/gifts.php, the offline page): left out
 * of the web app's catalogue chunks.
 */
const SERVER_ONLY = ['site', 'interests', 'fictional', 'gifts', 'offline'];

/** The `errors.<key>` the web code names (always literally): the other error texts come from the server. */
function errorKeysUsedByWeb(dir: string, found = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // the operator console is its own build with its own catalogue (locales/operator)
    if (entry.isDirectory() && entry.name !== 'dist' && entry.name !== 'operator') errorKeysUsedByWeb(path, found);
    else if (/\.tsx?$/.test(entry.name)) for (const m of readFileSync(path, 'utf8').matchAll(/errors\.([a-z_]+)/g)) found.add(m[1]!);
  }
  return found;
}

const webCatalogue = (): Plugin => {
  let errorKeys: Set<string>;
  return {
    name: 'web-catalogue',
    enforce: 'pre',
    buildStart() {
      errorKeys = errorKeysUsedByWeb(import.meta.dirname);
    },
    transform(code, id) {
      if (!/[\\/]locales[\\/][a-z]{2}\.json$/.test(id)) return null;
      const catalogue = JSON.parse(code) as Record<string, unknown>;
      for (const key of SERVER_ONLY) delete catalogue[key];
      const errors = catalogue.errors as Record<string, string>;
      catalogue.errors = Object.fromEntries(Object.entries(errors).filter(([k]) => errorKeys.has(k)));
      return { code: JSON.stringify(catalogue), map: null };
    },
  };
};

/**
 * The contracts' zod schemas stay on the server: web code imports their types, and values only
 * from the contracts' zod-free files (`<feature>.values.ts`, `site-paths.ts`, `brand.ts`, ...). A
 * value import from a schema file fails the build.
 */
const noZod = (): Plugin => ({
  name: 'no-zod-in-web',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)))
        this.error(
          `zod is in ${chunk.fileName}: import types from worker/contracts, values only from the zod-free files (worker/contracts/<feature>.values.ts)`,
        );
  },
});

/**
 * Preloads, from index.html, the Montserrat files of the first paint (latin 400 and 700): fetched
 * alongside the entry chunk, they are in before the app renders, so no text reflows when they
 * arrive (the landing page's footer moved by 0.67 CLS without). Adds no JS.
 */
const preloadFonts = (): Plugin => ({
  name: 'preload-fonts',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) =>
      Object.keys(ctx.bundle ?? {})
        .filter((f) => /montserrat-latin-(400|700)-normal-[\w-]+\.woff2$/.test(f))
        .map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${f}`, crossorigin: '' },
          injectTo: 'head' as const,
        })),
  },
});

/**
 * The service worker (web/sw.ts) as /sw.js: a fixed address (its scope is the whole site), built
 * on its own, outside the app's chunks (it imports nothing but types), as a classic script.
 */
const serviceWorker = (): Plugin => ({
  name: 'service-worker',
  apply: 'build',
  async generateBundle() {
    const file = join(import.meta.dirname, 'sw.ts');
    // the erased type import leaves `export {}` (module syntax), which a classic script may not have
    const code = (await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' })).code.replace(/^export \{\};?$/m, '');
    if (/^\s*(import|export)\b/m.test(code))
      this.error('web/sw.ts must import nothing but types and export nothing: it is loaded as a classic script');
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: (await minify('sw.js', code)).code });
  },
});

/**
 * The script of a prerendered page (web/start.js: it starts the app after the first paint, or on the
 * entry warning's answer) as /start.js: a fixed address the worker's shell names, plain JavaScript
 * with no import, minified (every prerendered page load fetches it: 3.3 KB gzip as written, 1.5 KB).
 */
const startScript = (): Plugin => ({
  name: 'start-script',
  apply: 'build',
  async generateBundle() {
    const file = join(import.meta.dirname, 'start.js');
    this.emitFile({ type: 'asset', fileName: 'start.js', source: (await minify('start.js', readFileSync(file, 'utf8'))).code });
  },
});

/**
 * The installed app's icons (the manifest the worker serves per site names them): the logo in
 * each brand colour of tenants/*.json, 192 and 512 px, and a maskable 512 px one, as PNG
 * (sharp renders the SVG). Sites of one colour share their files.
 */
const appIcons = (): Plugin => ({
  name: 'app-icons',
  apply: 'build',
  async generateBundle() {
    const dir = join(import.meta.dirname, '../tenants');
    const colours = new Set(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json') && f !== 'companies.json')
        .map((f) => {
          // the file's colour, else its niche's (tenants/schema.ts resolveTheme)
          const site = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Pick<TenantFile, 'niche' | 'theme'>;
          return resolveTheme(site.niche, site.theme).color;
        }),
    );
    for (const colour of colours)
      for (const icon of APP_ICONS) {
        const svg = logoSvg(colour, icon.size, icon.purpose === 'maskable');
        const source = await sharp(Buffer.from(svg)).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: appIconPath(colour, icon.name).slice(1), source });
      }
  },
});

/**
 * React Router's package exports only its development build (`dist/development`, dev warnings on);
 * its `dist/production` twin differs by one flag, `ENABLE_DEV_WARNINGS = false`, which drops the
 * warning code: 0.5 KB gzip off the entry chunk. The build takes it; `vite dev` keeps the warnings.
 */
/**
 * React Router's parts of the modes the app does not use, and what each answers in its declarative mode (a
 * `BrowserRouter`): `<Link prefetch>` needs framework mode's route manifest (no `FrameworkContext`: it prefetches
 * nothing, and the app passes no `prefetch`); the route error boundary's RSC handling runs only under an RSC router;
 * the default error element, the stable `navigate` and the view transitions' state only under a data router
 * (`DataRouterStateContext`, which a `BrowserRouter` never provides).
 */
const ROUTER_STUBS: [string, string][] = [
  ['usePrefetchBehavior', 'return [false, { current: null }, {}];'],
  ['PrefetchPageLinks', 'return null;'],
  ['decodeRouteErrorResponseDigest', 'return null;'],
  ['RSCErrorHandler', 'return arguments[0].children;'],
  ['DefaultErrorComponent', 'return null;'],
  ['useNavigateStable', 'return null;'],
  ['useViewTransitionState', 'return false;'],
];

const reactRouterProduction = (): Plugin => ({
  name: 'react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: join(import.meta.dirname, '../node_modules/react-router/dist/production/index.mjs') },
        {
          find: /^react-router\/dom$/,
          replacement: join(import.meta.dirname, '../node_modules/react-router/dist/production/dom-export.mjs'),
        },
      ],
    },
  }),
  // Its module-level components and contexts are made by unannotated calls (`React.forwardRef(…)`, `createContext(…)`,
  // `memo(…)`) and named by assignments (`Form.displayName = "Form"`): both count as side effects, so the bundler kept
  // every one the app never imports (`Form`, `ScrollRestoration`, …) and all they reach (submissions, the framework
  // mode's prefetch links). Annotated pure, and the names (React's production build shows none) dropped, only what
  // the app imports is bundled.
  // The other modes' parts are stubbed with what they answer in ours (ROUTER_STUBS), so their code (prefetch links,
  // route modules, manifests, RSC digests) is not bundled either.
  transform: {
    filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ },
    handler(code) {
      let out = code
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '');
      for (const [name, body] of ROUTER_STUBS) {
        const start = out.indexOf(`\nfunction ${name}(`);
        if (start < 0) continue;
        const end = out.indexOf('\n}\n', start);
        out = `${out.slice(0, start)}\nfunction ${name}() { ${body} }${out.slice(end + 2)}`;
      }
      return { code: out, map: null };
    },
  },
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => /[\\/]react-router[\\/]dist[\\/]development[\\/]/.test(id)))
        this.error(`React Router's development build is in ${chunk.fileName}`);
  },
});

// catalogues are read whole (`default`): no named export per top-level key in their chunks
export const json = { namedExports: false };

/**
 * Rolldown's PLUGIN_TIMINGS note ("JavaScript callbacks ran for 3.3s of this 4.0s build") came with every build
 * here: our JavaScript plugins are slow by design (the prerender renders every site's pages in closeBundle,
 * vanilla-extract evaluates each .css.ts) and more so on two shared cores. It names nothing to fix, so every
 * build (member, landers, console, prerender) turns that one check off; the other checks stay on.
 */
export const QUIET_CHECKS = { bundlerTimings: false };

/** The plugins a prerendering build needs (the same catalogues and class names as the browser's). */
export const prerenderPlugins = () => [webCatalogue(), reactRouterProduction(), react(), vanillaExtractPlugin()];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    webCatalogue(),
    reactRouterProduction(),
    react(),
    vanillaExtractPlugin(),
    noZod(),
    preloadFonts(),
    serviceWorker(),
    startScript(),
    appIcons(),
    // the visitor's landing page of every site and locale, rendered by the same components for the worker to inline (scripts/prerender.ts)
    prerenderPages(prerenderPlugins, json),
  ],
  json,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    manifest: true,
    // every browser we serve supports modulepreload; the polyfill would cost initial JS
    modulePreload: { polyfill: false },
    rolldownOptions: {
      checks: QUIET_CHECKS,
      output: {
        // Everything the entry imports statically goes into the entry chunk. Without this, Rolldown
        // splits modules shared with lazy chunks (react, i18n, stores) into extra initial chunks
        // (https://github.com/rolldown/rolldown/issues/9963, #10731).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            // the one retry loop (web/lib/fetch.ts, imports nothing) is a chunk of its own: the landing page's faces call
            // it, and left to the group below it took the landing page React Query's chunk (13.7 KB gzip) for 0.3 KB
            { name: 'fetch', test: /[\\/]web[\\/]lib[\\/]fetch\.ts$/, priority: 3 },
            // React Query, its client and the calls shared by the members' chunks (member nav and
            // layer, members area, signup) with their cache edits (likes, chats): one chunk, loaded
            // with the first screen that needs it
            {
              name: 'query-client',
              test: /[\\/](node_modules[\\/]@tanstack[\\/]|web[\\/]lib[\\/](query-client|likes|chats|calls[\\/](get-|upload-)))/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
