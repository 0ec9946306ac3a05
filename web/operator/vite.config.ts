import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

/** As in the member build: the contracts' zod schemas never reach a web chunk (the console imports their types only). */
const noZod = (): Plugin => ({
  name: 'no-zod-in-console',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk' && chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)))
        this.error(`zod is in ${chunk.fileName}`);
  },
});

/**
 * The operator console: its own build into web/dist/operator, under /operator/, which only the
 * operator host serves (worker/app.ts) and member hosts answer 404. Not an entry of the member
 * build: that build puts every initial module into one entry chunk (the landing page's first
 * paint), so a second entry there would merge both apps into one chunk.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/operator/',
  publicDir: false,
  plugins: [react(), vanillaExtractPlugin(), noZod()],
  build: {
    outDir: join(import.meta.dirname, '../dist/operator'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // PLUGIN_TIMINGS off, as in every build (QUIET_CHECKS in web/vite.config.ts says why)
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});
