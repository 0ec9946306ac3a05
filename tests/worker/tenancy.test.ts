import { describe, expect, it } from 'vitest';
import { tenantFiles } from '../../tenants';
import type { TenantFile } from '../../tenants/schema';
import { call, json } from './helpers';

const sites = Object.values(tenantFiles) as TenantFile[];

describe('tenant resolution', () => {
  it.each(sites.map((s) => [s.slug, s] as const))('%s answers on every production domain and its dev host', async (_, site) => {
    for (const host of [...site.domains.map((d) => d.host), `${site.slug}.localhost`, ...(site.dev_hosts ?? [])]) {
      const { res, body } = await json(`http://${host}/api/settings.php`);
      expect(res.status, host).toBe(200);
      expect(body.slug, host).toBe(site.slug);
      expect(body.niche, host).toBe(site.niche);
      expect(body.domain, host).toBe(host);
    }
  });

  it('localhost and 127.0.0.1 are the main Dutch site, with or without a port', async () => {
    for (const host of ['localhost', '127.0.0.1', 'localhost:8787', 'LOCALHOST']) {
      const { body } = await json(`http://${host}/api/settings.php`);
      expect(body.slug).toBe('vonkje');
      expect(body.locale).toBe('nl');
    }
  });

  it('an unknown host gets a 404 of its own: JSON for the API, a page otherwise, never another site', async () => {
    const api = await json('http://unknown.example/api/settings.php');
    expect(api.res.status).toBe(404);
    expect(api.body.error).toBe('unknown_site');
    const page = await call('http://nope.localhost/');
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('Deze site bestaat niet.');
    expect(html).not.toContain('boot');
  });

  it.each([
    ['a numeric IP that is not loopback', 'http://10.1.2.3/api/settings.php'],
    ['an IPv6 host', 'http://[::1]:8787/api/settings.php'],
    ['a punycode host', 'http://xn--vnkje-jua.nl/api/settings.php'],
    ['a lookalike subdomain', 'http://vonkje.nl.evil.example/api/settings.php'],
    ['a very long host', `http://${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.nl/api/settings.php`],
  ])('%s is a clean 404, never a 500 or another site', async (_, url) => {
    const { res, body } = await json(url);
    expect(res.status).toBe(404);
    expect(body.error).toBe('unknown_site');
  });
});

describe('locale', () => {
  it('uses the locale cookie when the site offers it', async () => {
    const { res, body } = await json('http://she-de.localhost/api/settings.php', { headers: { cookie: 'locale=en' } });
    expect(res.status).toBe(200);
    expect(body.locale).toBe('en');
    expect(body.index_title).toBe('Flirtfunke – Exciting women near you');
  });

  it('ignores a cookie for a locale the site does not offer, and malformed cookies', async () => {
    for (const cookie of ['locale=de', 'locale=fr', 'locale=%E0%A4%A', 'locale=', '=;;;locale', 'locale="nl']) {
      const { res, body } = await json('http://vonkje.localhost/api/settings.php', { headers: { cookie } });
      expect(res.status, cookie).toBe(200);
      expect(body.locale, cookie).toBe('nl');
    }
  });

  it('falls back to the first two letters of domain_language, then the site default', async () => {
    // she-de offers de and en; its domains speak German
    const at = await json('http://flirtfunke.at/api/settings.php');
    expect(at.body.domain_language).toBe('de_AT');
    expect(at.body.locale).toBe('de');
    const be = await json('http://vonkje.be/api/settings.php');
    expect(be.body.domain_language).toBe('nl_BE');
    expect(be.body.locale).toBe('nl');
    const eng = await json('http://sparklydating.ie/api/settings.php');
    expect(eng.body.domain_language).toBe('en_IE');
    expect(eng.body.locale).toBe('en');
  });
});

describe('geo country', () => {
  it('reads CF-IPCountry and selects it when the site serves that country', async () => {
    const { body } = await json('http://vonkje.localhost/api/settings.php', { country: 'BE' });
    expect(body.geoip_country).toBe('BE');
    expect(body.geoip_selected_country).toBe('BE');
  });

  it('keeps the visitor country but selects the site default for a country it does not serve', async () => {
    const { body } = await json('http://vonkje.localhost/api/settings.php', { country: 'US' });
    expect(body.geoip_country).toBe('US');
    expect(body.geoip_selected_country).toBe('NL');
  });

  it('ignores a malformed or unknown CF-IPCountry header', async () => {
    for (const country of ['nl', 'XX', 'NLD', '<script>', '']) {
      const { res, body } = await json('http://vonkje.localhost/api/settings.php', { country });
      expect(res.status).toBe(200);
      expect(body.geoip_country === null || /^[A-Z]{2}$/.test(String(body.geoip_country))).toBe(true);
      expect(body.geoip_country).not.toBe(country || 'XX');
    }
  });
});
