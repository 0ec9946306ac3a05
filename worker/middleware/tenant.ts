import type { MiddlewareHandler } from 'hono';
import nl from '../../locales/nl.json';
import en from '../../locales/en.json';
import type { AppEnv } from '../env';
import { normalizeHost, registry, tenantForHost } from '../lib/tenants';

const unknownSitePage = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>404</title></head><body><h1>404</h1><p>${nl.errors.unknown_site}</p><p lang="en">${en.errors.unknown_site}</p></body></html>`;

/**
 * Picks the site from the Host header. An unknown host gets a 404 of its own (JSON for /api,
 * a small page otherwise) and never another site's data.
 */
export const tenant: MiddlewareHandler<AppEnv> = async (c, next) => {
  // workerd builds request.url from the Host header, so the URL's host is the requested host.
  const host = normalizeHost(new URL(c.req.url).host);
  const site = tenantForHost(host, c.env.ENVIRONMENT);
  if (!site || !host) {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'unknown_site', message: en.errors.unknown_site }, 404);
    return c.html(unknownSitePage, 404);
  }
  c.set('host', host);
  c.set('tenant', site);
  c.set('company', registry.companies.get(site.company_id)!);
  await next();
};
