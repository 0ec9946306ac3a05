import { describe, expect, it } from 'vitest';
import { call, json } from './helpers';

function expectSecurityHeaders(res: Response) {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it.each([
    ['an API answer', 'http://vonkje.localhost/api/settings.php'],
    ['an API error', 'http://vonkje.localhost/api/regions.php?country=XX'],
    ['an unknown API path', 'http://vonkje.localhost/api/x.php'],
    ['the app page', 'http://vonkje.localhost/'],
    ['an app route', 'http://bdsm-nl.localhost/pages/terms'],
    ['a static file', 'http://vonkje.localhost/favicon.svg'],
    ['a missing file', 'http://vonkje.localhost/nothing.png'],
    ['an unknown host', 'http://unknown.localhost/'],
  ])('are on %s', async (_, url) => {
    expectSecurityHeaders(await call(url));
  });
});

describe('app shell', () => {
  it('inlines the site settings and company, the language and the title', async () => {
    const res = await call('http://she-eng.localhost/members/12', { country: 'GB' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Sparkly – Exciting women near you</title>');
    const boot = JSON.parse(/<script id="boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(boot.settings).toMatchObject({ slug: 'she-eng', geoip_country: 'GB', locale: 'en' });
    expect(boot.company.name).toBe('Sparkfield Media Ltd');
  });

  it("names the screen's lazy chunks and the locale's catalogue as preload hints", async () => {
    const hints = async (url: string, headers?: Record<string, string>) =>
      [
        ...(await (await call(url, { headers })).text()).matchAll(
          /<link rel="(?:modulepreload|preload)"[^>]*href="\/assets\/([a-z0-9-]+)-[\w-]{8}\.(?:js|css|woff2)"/g,
        ),
      ].map((m) => m[1]);
    // a script's fetch of the landing page gets the plain app page (a browser's page load gets it prerendered: shell.test.ts)
    const plain = { 'sec-fetch-dest': 'empty' };
    expect(await hints('http://vonkje.localhost/', plain)).toEqual(
      expect.arrayContaining(['landing-page', 'nl', 'montserrat-latin-400-normal']),
    );
    const members = await hints('http://she-eng.localhost/members');
    expect(members).toEqual(expect.arrayContaining(['member-screens', 'en', 'query-client']));
    expect(members).not.toContain('landing-page');
    expect(await hints('http://she-de.localhost/', plain)).toContain('de');
    expect(await hints('http://she-de.localhost/', { ...plain, cookie: 'locale=en' })).toContain('en');
  });

  it('renders each site, locale and country from its own memo', async () => {
    for (let i = 0; i < 2; i++) {
      for (const [url, country, lang, slug] of [
        ['http://vonkje.localhost/', 'NL', 'nl', 'vonkje'],
        ['http://she-eng.localhost/', 'GB', 'en', 'she-eng'],
        ['http://vonkje.localhost/', 'BE', 'nl', 'vonkje'],
      ] as const) {
        const html = await (await call(url, { country })).text();
        expect(html).toContain(`<html lang="${lang}">`);
        const boot = JSON.parse(/<script id="boot" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!);
        expect(boot.settings).toMatchObject({ slug, geoip_country: country });
        expect(boot.user).toBeNull();
      }
    }
  });

  it('cannot be broken out of by a hostile value in the inlined JSON', async () => {
    const res = await call('http://vonkje.localhost/', { headers: { cookie: 'locale=</script><script>alert(1)</script>' } });
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)');
  });
});

describe('CSRF guard', () => {
  const post = (headers: Record<string, string>) =>
    json('http://vonkje.localhost/api/anything.php', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a state-changing call without request-type: client', async () => {
    const { res, body } = await post({});
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ error: 'forbidden', message: 'Dit verzoek is geweigerd.' });
  });

  it('refuses a call from a foreign or malformed Origin', async () => {
    // the same host on another scheme or port is another origin
    for (const origin of [
      'https://evil.example',
      'http://strengedates.nl',
      'null',
      'not a url',
      'https://vonkje.localhost',
      'http://vonkje.localhost:8787',
      'http://vonkje.localhost.evil.example',
    ]) {
      const { res } = await post({ 'request-type': 'client', origin });
      expect(res.status, origin).toBe(403);
    }
  });

  it('lets a same-origin client call through to routing', async () => {
    const { res, body } = await post({ 'request-type': 'client', origin: 'http://vonkje.localhost' });
    expect(res.status).toBe(404);
    expect(body.error).toBe('api_not_found');
    // wrangler dev's port: the page and the call share it
    const dev = await call('http://vonkje.localhost:8787/api/anything.php', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'request-type': 'client', origin: 'http://vonkje.localhost:8787' },
    });
    expect(dev.status).toBe(404);
  });

  it('applies to PUT and DELETE too, and never to GET', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await call('http://vonkje.localhost/api/settings.php', { method });
      expect(res.status, method).toBe(403);
    }
    expect((await call('http://vonkje.localhost/api/settings.php')).status).toBe(200);
  });

  it('rejects an oversized body with 413', async () => {
    const { res, body } = await json('http://vonkje.localhost/api/anything.php', {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 10),
      headers: { 'request-type': 'client', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(body.error).toBe('payload_too_large');
  });
});
