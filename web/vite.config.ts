import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Namespaces of locales/<l>.json that only the worker reads (settings texts, interest labels
 * served by /api/interests.php): left out of the web app's catalogue chunks.
 */
const SERVER_ONLY = ['site', 'interests', 'fictional'];
const webCatalogue = (): Plugin => ({
  name: 'web-catalogue',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]locales[\\/](nl|en|de)\.json$/.test(id)) return null;
    const catalogue = JSON.parse(code) as Record<string, unknown>;
    for (const key of SERVER_ONLY) delete catalogue[key];
    return { code: JSON.stringify(catalogue), map: null };
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [webCatalogue(), react(), vanillaExtractPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    manifest: true,
    // every browser we serve supports modulepreload; the polyfill would cost initial JS
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk. Without this, Rolldown
        // splits modules shared with lazy chunks (react, i18n, stores) into extra initial chunks
        // (https://github.com/rolldown/rolldown/issues/9963, #10731).
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
          ],
        },
      },
    },
  },
});
