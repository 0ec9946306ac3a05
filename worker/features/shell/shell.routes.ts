import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { userBody } from '../../domain/users';
import { buildSettings, settingsInput, settingsJson } from '../../lib/site-settings';
import { companyInfo } from '../../lib/tenants';
import { rememberTrafficSource } from '../../lib/traffic';

const hasExtension = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);
const escapeJson = (json: string) => json.replace(/</g, '\\u003c');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Static files from web/dist, and for every app route the SPA's index.html with this site's
 * settings, company info and the logged-in member inlined (as inert JSON, allowed by the CSP),
 * the page language and title: the first paint needs no extra API round trip.
 */
export const shellRoutes = new Hono<AppEnv>().get('*', async (c) => {
  const path = c.req.path;
  if (hasExtension(path) && path !== '/index.html') {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status === 404) return c.text('Not found', 404);
    if (!path.startsWith('/assets/')) return asset;
    const res = new Response(asset.body, asset);
    res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res;
  }
  const index = await c.env.ASSETS.fetch(new Request(new URL('/', c.req.url), { headers: { accept: 'text/html' } }));
  if (!index.ok) return c.text('The web app is not built: run npm run build', 503);

  rememberTrafficSource(c);
  const input = settingsInput(c);
  const settings = buildSettings(input);
  const company = c.get('company');
  // A member's own data comes inline too (one D1 lookup, only when a session cookie is sent).
  const member = c.get('member');
  const user = member ? JSON.stringify((await userBody(c.get('db'), member, c.get('tenant').niche)).user) : 'null';
  const boot = `{"settings":${settingsJson(input)},"company":${JSON.stringify(companyInfo(company))},"user":${user}}`;
  const res = new HTMLRewriter()
    .on('html', { element: (e) => void e.setAttribute('lang', input.locale) })
    .on('title', { element: (e) => void e.setInnerContent(settings.index_title) })
    .on('head', {
      element: (e) =>
        void e.append(
          `<meta name="description" content="${escapeAttr(settings.description)}"><script id="boot" type="application/json">${escapeJson(boot)}</script>`,
          { html: true },
        ),
    })
    .transform(new Response(index.body));
  // through c.body, so headers set on the context (the traffic-source cookie) go along
  return c.body(res.body ?? '', 200, { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'private, no-cache' });
});
