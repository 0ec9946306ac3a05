import { describe, expect, it } from 'vitest';
import { call, json } from './helpers';

const SETTINGS_FIELDS = [
  'countries',
  'name',
  'index_title',
  'description',
  'visible_profile_fields',
  'visible_profile_notes',
  'geoip_country',
  'geoip_selected_country',
  'cdn_prefix',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'minimum_message_costs',
  'support_email',
  'support_phone',
  'enable_site_entry_popup',
  'push_public_key',
  'search_fields',
  'domain',
  'domain_language',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'member_resell',
  'niche',
  'company_id',
  'mail_name',
];

describe('GET /api/settings.php', () => {
  it('returns every settings field for the site', async () => {
    const { res, body } = await json('http://vonkje.localhost/api/settings.php?route=/&domain=vonkje.localhost', { country: 'NL' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    for (const field of SETTINGS_FIELDS) expect(body, field).toHaveProperty(field);
    // in the order of their names (the site's first country, NL, is the default: geoip_selected_country)
    expect(body.countries).toEqual([
      { code: 'BE', locales: ['nl', 'fr', 'de'], name: 'België' },
      { code: 'NL', locales: ['nl'], name: 'Nederland' },
    ]);
    expect(body.minimum_message_costs).toEqual({ NL: { costs: 45, currency: 'EUR' }, BE: { costs: 45, currency: 'EUR' } });
    expect(body.support_phone).toBe('0208081234'); // dashes and spaces removed (spec section 9)
    expect(body.fictional_warning).toMatch(/fictief profiel/);
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
  });

  it('names each country in the page language, in the order of those names by its collation (Österreich before Schweiz)', async () => {
    const de = await json('http://she-de.localhost/api/settings.php');
    expect(de.body.countries).toEqual([
      { code: 'DE', locales: ['de'], name: 'Deutschland' },
      { code: 'AT', locales: ['de'], name: 'Österreich' },
      { code: 'CH', locales: ['de', 'it', 'fr', 'en'], name: 'Schweiz' },
    ]);
  });

  it('gives each niche site its own niche, name and texts', async () => {
    const bdsm = await json('http://bdsm-nl.localhost/api/settings.php');
    expect(bdsm.body).toMatchObject({ niche: 2, name: 'Strenge Dates', company_id: 1 });
    expect(bdsm.body.index_title).toMatch(/BDSM/);
    const gay = await json('http://gay-nl.localhost/api/settings.php');
    expect(gay.body).toMatchObject({ niche: 7, enable_site_entry_popup: 'no' });
    const eng = await json('http://she-eng.localhost/api/settings.php');
    expect(eng.body).toMatchObject({ niche: 1, locale: 'en', company_id: 2 });
    expect(eng.body.fictional_singular).toBe('fictional profile');
  });

  it.each([
    ['route not starting with /', '?route=members'],
    ['route too long', `?route=/${'a'.repeat(3000)}`],
    ['a domain that is not this host', '?domain=strengedates.nl'],
    ['a domain full of junk', `?domain=${encodeURIComponent('<x>'.repeat(100))}`],
  ])('rejects %s with 400 and a message', async (_, query) => {
    const { res, body } = await json(`http://vonkje.localhost/api/settings.php${query}`);
    expect(res.status).toBe(400);
    expect(body.error).toBe('invalid_request');
    expect(body.message).toBe('Ongeldige aanvraag.');
  });
});

describe('GET /api/companyinfo.php', () => {
  it("returns the site's company with the terms date rule", async () => {
    const nl = await json('http://vonkje.localhost/api/companyinfo.php');
    expect(nl.body).toMatchObject({ name: 'Vonk Media B.V.', kvk: '81234567', city: 'Amsterdam', country: 'NL', delete_discount: 50 });
    expect(nl.body.tradenames).toContain('Vonkje');
    // added 2021: earlier than the default, so the default terms date stands
    expect(nl.body.terms_date).toBe('2023-12-01T12:00:00.000Z');
    const ie = await json('http://she-eng.localhost/api/companyinfo.php');
    expect(ie.body.name).toBe('Sparkfield Media Ltd');
    expect(ie.body.terms_date).toBe('2025-02-03T10:00:00.000Z');
  });
});

describe('GET /api/interests.php', () => {
  it('returns the fixed tag set with labels in the visitor locale', async () => {
    const nl = await json<{ interests: { id: string; label: string }[] }>('http://vonkje.localhost/api/interests.php');
    expect(nl.body.interests).toHaveLength(50);
    expect(nl.body.interests).toContainEqual({ id: 'exchanging pictures', label: "Foto's uitwisselen" });
    const de = await json<{ interests: { id: string; label: string }[] }>('http://she-de.localhost/api/interests.php');
    expect(de.body.interests.find((i) => i.id === 'travelling')?.label).toBe('Reisen');
    expect(de.body.interests.every((i) => i.label && !i.label.startsWith('interests.'))).toBe(true);
  });
});

describe('GET /api/regions.php', () => {
  it('returns real regions for every supported country', async () => {
    const { body } = await json<{ regions: Record<string, { code: string; name: string }[]> }>('http://vonkje.localhost/api/regions.php');
    expect(Object.keys(body.regions).sort()).toEqual([
      'AT',
      'AU',
      'BE',
      'CA',
      'CH',
      'DE',
      'DK',
      'ES',
      'FI',
      'FR',
      'GB',
      'IE',
      'IT',
      'NL',
      'NO',
      'NZ',
      'PL',
      'SE',
      'US',
    ]);
    expect(body.regions.NL).toHaveLength(12);
    expect(body.regions.NL!.map((r) => r.name)).toContain('Noord-Holland');
    expect(body.regions.DE!.map((r) => r.name)).toContain('Bayern');
    for (const list of Object.values(body.regions)) expect(list.length).toBeGreaterThan(2);
  });

  it('filters by country and rejects an unknown one', async () => {
    const one = await json<{ regions: Record<string, unknown[]> }>('http://vonkje.localhost/api/regions.php?country=BE');
    expect(Object.keys(one.body.regions)).toEqual(['BE']);
    for (const q of ['?country=XX', '?country=nl', `?country=${'A'.repeat(500)}`]) {
      const bad = await json(`http://vonkje.localhost/api/regions.php${q}`);
      expect(bad.res.status).toBe(400);
      expect(bad.body.error).toBe('invalid_request');
    }
  });
});

describe('unknown calls', () => {
  it('answers JSON 404 for an unknown API path, also for a navigation', async () => {
    const { res, body } = await json('http://vonkje.localhost/api/nothing.php', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(body).toMatchObject({ error: 'api_not_found', message: 'Deze functie bestaat niet.' });
  });

  it('answers 404 for a missing static file instead of the app', async () => {
    const res = await call('http://vonkje.localhost/assets/missing-file.js');
    expect(res.status).toBe(404);
  });
});
