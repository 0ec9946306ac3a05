import { defineConfig, type Plugin } from 'vite';
import { json, prerenderPlugins } from './vite.config';

/**
 * What a member's /members loads (its screen, the member navigation and layer, the footer, the language choice, the
 * entry warning's dialog, and their catalogues): every other lazy part of the app (other screens, their catalogues)
 * stays out of the worker, its import a refusal (the worker renders /members only; members-ssr.tsx fails loudly
 * should the page ever reach one).
 */
const FIRST_SCREEN =
  /(member-screens|member-layer|member-nav|(^|\/)footer|language-select|account-catalogue|entry-warning-dialog)(\.tsx?)?$|locales\/((members|account|footer)\/)?[a-z]{2}\.json$/;
const firstScreenOnly = (): Plugin => ({
  name: 'members-ssr-first-screen-only',
  enforce: 'post',
  transform(code, id) {
    if (!/\.(tsx?|jsx?)$/.test(id) || id.includes('node_modules')) return null;
    const out = code.replace(/\bimport\((["'])([^"']+)\1\)/g, (call, _q, specifier: string) =>
      FIRST_SCREEN.test(specifier) ? call : `Promise.reject(new Error(${JSON.stringify(`not in the worker's /members: ${specifier}`)}))`,
    );
    return out === code ? null : { code: out, map: null };
  },
});

/**
 * The worker's render of a member's /members (web/members-ssr.tsx) as one ES module, web/dist-ssr/members-ssr.js,
 * which wrangler bundles into the worker through the `members-ssr` alias (wrangler.toml). The browser build's
 * plugins (vanilla-extract: the same class names; the same catalogues), its dynamic imports inlined (one module: its
 * preparation awaits nothing but settled promises), and React left to the worker's own copy (the mails render
 * with it too) so the bundle has one.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [...prerenderPlugins(), firstScreenOnly()],
  json,
  logLevel: 'warn',
  resolve: { conditions: ['workerd', 'worker', 'module', 'import'] },
  ssr: { noExternal: true, target: 'webworker' },
  build: {
    ssr: 'members-ssr.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    rolldownOptions: {
      // React, and the main catalogues (locales/nl.json and the other languages), which the worker bundles already
      // (worker/lib/catalogues.ts): wrangler resolves the same files, so the bundle has them once
      external: [/^react($|\/)/, /^react-dom($|\/)/, /\/locales\/[a-z]{2}\.json$/],
      output: {
        entryFileNames: 'members-ssr.js',
        codeSplitting: false,
        // a catalogue's address from web/dist-ssr/, where wrangler reads the module
        paths: (id) => (/\/locales\/[a-z]{2}\.json$/.test(id) ? `../../locales/${id.slice(-7)}` : id),
      },
    },
  },
});
