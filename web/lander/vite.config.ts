import { join } from 'node:path';
import { defineConfig, type Plugin, type PluginOption } from 'vite';
import { LANDER_TEMPLATES, prerenderPages } from '../../scripts/prerender';
import member, { json, prerenderPlugins, QUIET_CHECKS } from '../vite.config';

const web = join(import.meta.dirname, '..');

/**
 * The member build's plugins but those that emit the member site's own files (sw.js, the app
 * icons, the prerendered landing pages): the member build writes them.
 */
const SHARED_FILES = new Set(['service-worker', 'start-script', 'app-icons', 'prerender-pages']);
const plugins = (member.plugins ?? [])
  .flat(Infinity as 1)
  .filter((p): p is Plugin => !!p && typeof p === 'object' && 'name' in p && !SHARED_FILES.has(p.name)) as PluginOption[];

/**
 * The landers' and campaign pages' build (web/lander.html, web/lander-main.tsx): the member
 * build's settings and plugins, into the same web/dist after it (same hashed file names for the
 * same contents), with its own manifest (.vite/lander-manifest.json, read by the worker's shell)
 * and `react-router-dom` as the plain-links module web/lib/lander-router.tsx. Its own build, as
 * the operator console's: an entry of the member build would share the member entry's chunk.
 */
const resolve = { alias: [{ find: /^react-router-dom$/, replacement: join(web, 'lib/lander-router.tsx') }] };

export default defineConfig({
  ...member,
  // the prerendered landers' templates (web/lander-prerender.tsx), for the worker to fill with a request's profiles
  plugins: [...plugins, prerenderPages(prerenderPlugins, json, { ...LANDER_TEMPLATES, resolve })],
  resolve,
  build: {
    ...member.build,
    emptyOutDir: false,
    manifest: '.vite/lander-manifest.json',
    rolldownOptions: {
      checks: QUIET_CHECKS,
      input: join(web, 'lander.html'),
      output: {
        codeSplitting: {
          groups: [
            // as in the member build: every initial module in the entry chunk
            { name: 'lander', tags: ['$initial'], priority: 3 },
          ],
        },
      },
    },
  },
});
