import { describe, expect, it } from 'vitest';
import { tenantFiles } from '../../tenants';
import { DEFAULT_THEME, type TenantFile } from '../../tenants/schema';
import type { WebAppManifest } from '../../worker/contracts/installed-app';
import { call, json } from './helpers';

const sites = Object.values(tenantFiles) as TenantFile[];
const bootOf = (html: string) => JSON.parse(/<script id="boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);

describe('the web app manifest', () => {
  it.each(sites.map((s) => [s.slug, s] as const))('%s: its own name, colours and icons made from its logo', async (slug, site) => {
    const res = await call(`http://${slug}.localhost/manifest.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as WebAppManifest;
    const theme = site.theme ?? DEFAULT_THEME;
    expect(manifest).toMatchObject({
      name: site.name,
      short_name: site.name,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: theme.color,
      background_color: theme.background,
      lang: site.default_locale,
    });
    expect(manifest.description.length).toBeGreaterThan(10);
    expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      expect(icon.src).toBe(
        `/icons/${theme.color.slice(1)}-${icon.sizes === '192x192' ? '192' : icon.purpose === 'maskable' ? 'maskable-512' : '512'}.png`,
      );
      const png = await call(`http://${slug}.localhost${icon.src}`);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      // the PNG signature, then IHDR's width and height
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const size = Number(icon.sizes.split('x')[0]);
      expect(new DataView(bytes.buffer).getUint32(16)).toBe(size);
      expect(new DataView(bytes.buffer).getUint32(20)).toBe(size);
    }
  });

  it('differs per host: the BDSM site has its own colours and icons, the main site the brand orange', async () => {
    const main = (await json<WebAppManifest>('http://vonkje.localhost/manifest.json')).body;
    const bdsm = (await json<WebAppManifest>('http://bdsm-nl.localhost/manifest.json')).body;
    expect(main).toMatchObject({ name: 'Vonkje', theme_color: '#ff9900', background_color: '#ffffff' });
    expect(bdsm).toMatchObject({ name: 'Strenge Dates', theme_color: '#b3123e', background_color: '#1d1417' });
    expect(bdsm.icons[0]!.src).not.toBe(main.icons[0]!.src);
  });

  it("describes the site in the visitor's language (the locale cookie)", async () => {
    const de = (await json<WebAppManifest>('http://she-de.localhost/manifest.json')).body;
    const en = (await json<WebAppManifest>('http://she-de.localhost/manifest.json', { headers: { cookie: 'locale=en' } })).body;
    expect(de.lang).toBe('de');
    expect(en.lang).toBe('en');
    expect(en.description).not.toBe(de.description);
  });

  it("is not in the page itself (the app links it and the icon for iOS after the page's load: e2e), the site colour for the browser bar is", async () => {
    const html = await (await call('http://bdsm-nl.localhost/members')).text();
    expect(html).not.toContain('rel="manifest"');
    expect(html).not.toContain('rel="apple-touch-icon"');
    expect(html).toContain('<meta name="theme-color" content="#b3123e"');
    expect(bootOf(html).settings.theme_color).toBe('#b3123e');
  });

  it('an unknown host gets no manifest', async () => {
    expect((await call('http://nope.localhost/manifest.json')).status).toBe(404);
  });
});

describe('the service worker and the offline page', () => {
  it('the service worker comes from a fixed address, never from a stale cache', async () => {
    const res = await call('http://vonkje.localhost/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const code = await res.text();
    // the push part (version 2) and the caches live in the one worker file
    expect(code).toContain('showNotification');
    expect(code).toContain('shell-1');
  });

  it("the offline page is in the visitor's language, carries the site's name and logo and runs no script", async () => {
    const nl = await call('http://vonkje.localhost/offline.html');
    expect(nl.status).toBe(200);
    const html = await nl.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('Je bent offline');
    expect(html).toContain('Vonkje');
    expect(html).toContain('fill="#ff9900"');
    expect(html).not.toContain('<script');
    const en = await (await call('http://she-eng.localhost/offline.html')).text();
    expect(en).toContain("You're offline");
    expect(en).toContain('Sparkly');
  });
});

describe('static pages by token (spec section 2)', () => {
  it.each(['terms', 'privacy', 'cookies', 'ban', 'faq', 'return-policy', 'service'])(
    '/%s is the app page with status 200',
    async (token) => {
      const res = await call(`http://vonkje.localhost/${token}`);
      expect(res.status).toBe(200);
      expect(bootOf(await res.text()).settings.slug).toBe('vonkje');
    },
  );

  it('names the static page chunk as a preload hint, as /pages/{page} does', async () => {
    const html = await (await call('http://vonkje.localhost/faq')).text();
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/static-page-[\w-]{8}\.js"/);
  });

  it('an unknown token answers 404 (the app shows its not-found screen); app routes and deeper paths are not tokens', async () => {
    const unknown = await call('http://vonkje.localhost/no-such-page');
    expect(unknown.status).toBe(404);
    expect(bootOf(await unknown.text()).settings.slug).toBe('vonkje');
    for (const path of [
      '/',
      '/login',
      '/match-finder',
      '/signup-matches',
      '/lang-config',
      '/members',
      '/members/12',
      '/pages/faq',
      '/landers/video',
    ])
      expect((await call(`http://vonkje.localhost${path}`)).status, path).toBe(200);
  });
});
