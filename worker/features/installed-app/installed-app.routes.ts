import { Hono } from 'hono';
import { APP_ICONS, appIconPath, LOGO_HEART } from '../../contracts/brand';
import type { WebAppManifest } from '../../contracts/installed-app';
import type { AppEnv } from '../../env';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The installed app: each site's web app manifest, from its tenant file (name, brand colours)
 * and the request's language (description). The icons are the logo in the site's colour, made
 * by the web build (web/vite.config.ts). Linked from every page of the shell.
 */
export const installedAppRoutes = new Hono<AppEnv>()
  .get('/manifest.json', (c) => {
    const tenant = c.get('tenant');
    const t = c.get('t');
    const manifest: WebAppManifest = {
      id: '/',
      name: tenant.name,
      short_name: tenant.name,
      description: t(`site.description.${tenant.niche}`, { site_name: tenant.name }),
      lang: c.get('locale'),
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: tenant.theme.color,
      background_color: tenant.theme.background,
      categories: ['social', 'lifestyle'],
      icons: APP_ICONS.map((icon) => ({
        src: appIconPath(tenant.theme.color, icon.name),
        sizes: `${icon.size}x${icon.size}`,
        type: 'image/png',
        purpose: icon.purpose,
      })),
    };
    // the description follows the language (the locale cookie): kept by this browser only
    return c.body(JSON.stringify(manifest), 200, {
      'Content-Type': 'application/manifest+json; charset=UTF-8',
      'Cache-Control': 'private, max-age=3600',
    });
  })
  /**
   * The offline page, in the visitor's language: the service worker keeps it at install and shows
   * it for a page it cannot fetch when it holds no app shell yet. No script; its style is /offline.css.
   */
  .get('/offline.html', (c) => {
    const tenant = c.get('tenant');
    const t = c.get('t');
    const name = escapeHtml(tenant.name);
    const html = `<!doctype html><html lang="${c.get('locale')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="${tenant.theme.color}"><title>${escapeHtml(t('offline.title'))} – ${name}</title><link rel="stylesheet" href="/offline.css"></head><body><main><svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true"><rect width="64" height="64" rx="14" fill="${tenant.theme.color}"/><path d="${LOGO_HEART}" fill="#fff"/></svg><p class="site">${name}</p><h1>${escapeHtml(t('offline.title'))}</h1><p>${escapeHtml(t('offline.text', { site_name: tenant.name }))}</p><a href="">${escapeHtml(t('offline.retry'))}</a></main></body></html>`;
    return c.body(html, 200, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache' });
  });
