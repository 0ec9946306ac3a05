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

/** A visitor's boot of every site and locale (the settings the worker would inline, country unknown), by `slug|locale`. */
async function perSite<T>(render: (boot: Boot, slug: string, locale: string) => Promise<T>): Promise<Record<string, T>> {
  const out: Record<string, T> = {};
  for (const tenant of registry.tenants) {
    const company = registry.companies.get(tenant.company_id)!;
    for (const locale of tenant.locales) {
      const settings = buildSettings({ tenant, company, host: tenant.domains[0]!.host, locale, country: null, vapidPublicKey: '' });
      out[`${tenant.slug}|${locale}`] = await render({ settings, company: companyInfo(company), user: null }, tenant.slug, locale);
    }
  }
  return out;
}

type RenderPage = (boot: Boot, path: string) => Promise<string>;

/** Every site and locale's prerendered pages, by prerenderKey. */
export async function prerenderAll(renderPage: RenderPage): Promise<Record<string, string>> {
  const pages: Record<string, string> = {};
  await perSite(async (boot, slug, locale) => {
    for (const path of PRERENDERED_PATHS) pages[prerenderKey(slug, locale, path)] = await renderPage(boot, path);
  });
  return pages;
}

/** The landers prerendered (web/lander-prerender.tsx): the worker fills their profiles at request time. */
export const PRERENDERED_LANDERS = ['gallery', 'video'] as const;

type RenderLanders = (boot: Boot, names: readonly string[]) => Promise<unknown>;

/** Every site and locale's lander templates, by `slug|locale`. */
export const prerenderLanders = (renderLanderTemplates: RenderLanders) =>
  perSite((boot) => renderLanderTemplates(boot, PRERENDERED_LANDERS));

/** What a prerendering build makes: the member site's landing pages, or the landers' templates (web/lander/vite.config.ts). */
/** Each output file (in web/dist/.vite) with what renders it. */
type Target = {
  entry: string;
  outputs: Record<string, (module: Record<string, unknown>) => Promise<unknown>>;
  resolve?: UserConfig['resolve'];
};
const PAGES: Target = {
  entry: 'prerender.tsx',
  outputs: {
    'prerender.json': (m) => prerenderAll(m.renderPage as RenderPage),
  },
};
export const LANDER_TEMPLATES: Omit<Target, 'resolve'> = {
  entry: 'lander-prerender.tsx',
  outputs: { 'lander-prerender.json': (m) => prerenderLanders(m.renderLanderTemplates as RenderLanders) },
};

/**
 * The plugin: `plugins` are the browser build's own (React, vanilla-extract: the same class names),
 * `json` its JSON options (catalogues read whole).
 */
export function prerenderPages(plugins: () => PluginOption[], json: UserConfig['json'], target: Target = PAGES): Plugin {
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
      const ssrDir = join(root, '.prerender', target.entry.replace(/\.tsx$/, ''));
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: plugins(),
        json,
        resolve: target.resolve,
        build: {
          ssr: target.entry,
          outDir: ssrDir,
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          rolldownOptions: {
            output: { entryFileNames: 'prerender.mjs' },
            // This build renders once, in Node, at build time: it imports on purpose what the browser's app loads
            // lazily (the footer, the entry warning), so Rolldown's "dynamic import will not move module into
            // another chunk" (INEFFECTIVE_DYNAMIC_IMPORT) is true and meant here; the browser builds keep the check.
            // PLUGIN_TIMINGS off as in web/vite.config.ts (QUIET_CHECKS).
            checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
          },
        },
      });
      const module = (await import(pathToFileURL(join(ssrDir, 'prerender.mjs')).href)) as Record<string, unknown>;
      mkdirSync(join(outDir, '.vite'), { recursive: true });
      for (const [output, render] of Object.entries(target.outputs))
        writeFileSync(join(outDir, '.vite', output), JSON.stringify(await render(module)));
    },
  };
}
