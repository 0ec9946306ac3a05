/**
 * Prerendering at build time (a Vite plugin of web/vite.config.ts): after the browser build, the
 * app's prerendering entry (web/prerender.tsx) is built for Node with the same plugins, and the
 * visitor's landing page of every site and locale rendered with that site's settings, as the
 * worker would inline them. The pages go to web/dist/.vite/prerender.json (key `slug|locale|path`),
 * which the worker reads with the manifest and puts into #root (worker/features/shell).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption, type UserConfig } from 'vite';
import type { Boot } from '../web/lib/boot';
import { buildSettings } from '../worker/lib/site-settings';
import { companyInfo, registry } from '../worker/lib/tenants';

/** The paths prerendered (web/app/router.tsx, PRERENDERED, loads their screens before the first render). */
export const PRERENDERED_PATHS = ['/'];

export const prerenderKey = (slug: string, locale: string, path: string) => `${slug}|${locale}|${path}`;

type RenderPage = (boot: Boot, path: string) => Promise<string>;

/** Every site and locale's prerendered pages, by prerenderKey. */
export async function prerenderAll(renderPage: RenderPage): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  for (const tenant of registry.tenants) {
    const company = registry.companies.get(tenant.company_id)!;
    for (const locale of tenant.locales) {
      const settings = buildSettings({ tenant, company, host: tenant.domains[0]!.host, locale, country: null, vapidPublicKey: '' });
      const boot: Boot = { settings, company: companyInfo(company), user: null };
      for (const path of PRERENDERED_PATHS) pages[prerenderKey(tenant.slug, locale, path)] = await renderPage(boot, path);
    }
  }
  return pages;
}

/**
 * The plugin: `plugins` are the browser build's own (React, vanilla-extract: the same class names),
 * `json` its JSON options (catalogues read whole).
 */
export function prerenderPages(plugins: () => PluginOption[], json: UserConfig['json']): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const ssrDir = join(root, '.prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: plugins(),
        json,
        build: {
          ssr: 'prerender.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
        },
      });
      const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as { renderPage: RenderPage };
      const pages = await prerenderAll(renderPage);
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      writeFileSync(join(outDir, '.vite', 'prerender.json'), JSON.stringify(pages));
    },
  };
}
