import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { lastMail, signup } from './account-helpers';
import { DEFAULT_THEME, SUPPORTED_LOCALES, type Locale } from '../../tenants/schema';
import { mailCatalogues } from '../../worker/lib/catalogues';
import { renderMail, renderNotice } from '../../worker/lib/mail';
import { registry, tenantBySlug } from '../../worker/lib/tenants';

/**
 * The mails' HTML (README, "Mails rendered with React Email"): each site's brand in every
 * language, escaped member text, the notices' unsubscribe link and digest, and a button that
 * reads at AA on every shipped site's colour. The contrast is computed here on its own (WCAG 2.x),
 * not with the worker's code.
 */

const htmlOf = async (to: string, kind: string) =>
  (await env.DB.prepare('SELECT html FROM mail_outbox WHERE to_address = ? AND kind = ? ORDER BY id DESC LIMIT 1')
    .bind(to, kind)
    .first<{ html: string }>())!.html;

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const s = parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};
/** React's escaping of text: what a catalogue text looks like in the HTML. */
const escaped = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** The mail's button: the one link filled with a colour; its address, fill and text colour. */
function buttonOf(html: string) {
  const tags = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]).filter((tag) => /style="[^"]*background-color:/.test(tag));
  expect(tags, 'exactly one filled link').toHaveLength(1);
  const style = /style="([^"]*)"/.exec(tags[0]!)![1]!;
  return {
    href: /href="([^"]*)"/.exec(tags[0]!)![1]!.replace(/&amp;/g, '&'),
    background: /(?:^|;)background-color:(#[0-9a-f]{6})/i.exec(style)![1]!.toLowerCase(),
    color: /(?:^|;)color:(#[0-9a-f]{6})/i.exec(style)![1]!.toLowerCase(),
  };
}

const vars = (slug: string, extra: Record<string, unknown> = {}) => {
  const site = tenantBySlug(slug)!;
  return {
    name: 'Sam',
    site_name: site.name,
    domain: site.domains[0]!.host,
    theme: site.theme,
    link: `https://${site.domains[0]!.host}/activate?token=abc`,
    ...extra,
  };
};

describe('mails carry their site’s brand', () => {
  it.each([
    ['bdsm-nl', 'Strenge Dates', 'strengedates.nl', '#b3123e'],
    ['gay-nl', 'Mannenvonk', 'mannenvonk.nl', '#6b3fd6'],
  ])(
    'a signup on %s gets an activation mail in that site’s colour, with its name and domain, not the default orange',
    async (slug, name, domain, colour) => {
      expect(tenantBySlug(slug)!.theme.color).toBe(colour);
      const m = await signup(`${slug}.localhost`, { gender: 'male' });
      expect(m.res.status).toBe(201);
      const { mail, token } = await lastMail(m.email);
      expect(mail!.kind).toBe('activate');
      const html = await htmlOf(m.email, 'activate');
      expect(html).toMatch(/^<!doctype html><html [^>]*\blang="nl"/);
      expect(html).toContain(colour);
      expect(html).toContain(name);
      expect(html).toContain(domain);
      expect(html).not.toMatch(/#ff9900|#d96d00|#ad5600/i);
      const button = buttonOf(html);
      expect(button.background).toBe(colour);
      expect(button.href).toBe(`http://${slug}.localhost/api/activate.php?token=${token}`);
      // the plain text stays as it was: the button's text and link on a line
      expect(mail!.text).toContain(`E-mailadres bevestigen: http://${slug}.localhost/api/activate.php?token=${token}`);
    },
  );

  it('the main site’s mail carries the default orange with dark text on it', async () => {
    const m = await signup('vonkje.localhost');
    const html = await htmlOf(m.email, 'activate');
    // the main site's look is the niche's default (decision 185): its brand colours are the default ones
    expect(tenantBySlug('vonkje')!.theme).toMatchObject(DEFAULT_THEME);
    expect(buttonOf(html)).toMatchObject({ background: DEFAULT_THEME.color, color: '#1d1512' });
    expect(html).toContain('Vonkje');
    expect(html).toContain('vonkje.nl');
  });

  it('every locale’s activation mail is in that language: lang, the localized button and fallback, the site’s colour', async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const site = registry.tenants.find((t) => t.default_locale === locale)!;
      expect(site, locale).toBeDefined();
      const m = await signup(`${site.slug}.localhost`, { gender: site.niche === 7 ? 'male' : 'female', date_of_birth: '1960-06-15' });
      expect(m.res.status, `${site.slug}: ${JSON.stringify(m.body)}`).toBe(201);
      const html = await htmlOf(m.email, 'activate');
      const texts = mailCatalogues[locale as Locale] as { activate: { button: string }; button_fallback: string };
      expect(/^<!doctype html><html [^>]*\blang="([a-z]+)"/.exec(html)?.[1], locale).toBe(locale);
      expect(html, locale).toContain(`>${escaped(texts.activate.button)}<`);
      expect(html, locale).toContain(escaped(texts.button_fallback));
      expect(html, locale).toContain(site.theme.color);
    }
  });

  it('a member’s name, a moderator’s note and a digest entry are text, never markup', async () => {
    const m = await signup('vonkje.localhost', { name: '<script>alert(1)</script>' });
    expect(m.res.status).toBe(201);
    const html = await htmlOf(m.email, 'activate');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const decision = await renderMail('nl', 'decision', vars('vonkje', { name: '"><img src=x onerror=alert(1)>' }), [
      'Toelichting: <b>bold</b> & "quoted"',
    ]);
    expect(decision.html).not.toMatch(/<img|<b>/);
    expect(decision.html).toContain('&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;');
    const notice = await renderNotice('nl', 'weekly_update', {
      ...vars('vonkje'),
      unsubscribe: 'https://vonkje.nl/unsubscribe/1.weekly_update.x',
      entries: [{ name: '<img src=x onerror=alert(1)>', age: 30, place: '<i>Utrecht</i>', link: 'https://vonkje.nl/members/9' }],
    });
    expect(notice.html).not.toMatch(/<img|<i>/);
    expect(notice.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(notice.html).toContain('&lt;i&gt;Utrecht&lt;/i&gt;');
  });

  it('a notice carries its unsubscribe link and the digest’s members in its HTML', async () => {
    const unsubscribe = 'https://mannenvonk.nl/unsubscribe/7.weekly_update.0123456789abcdef0123456789abcdef';
    const entries = [
      { name: 'Jeroen', age: 41, place: 'Utrecht', link: 'https://mannenvonk.nl/members/11' },
      { name: 'Ömer', age: null, place: null, link: 'https://mannenvonk.nl/members/12' },
    ];
    const mail = await renderNotice('nl', 'weekly_update', {
      ...vars('gay-nl'),
      link: 'https://mannenvonk.nl/members',
      unsubscribe,
      entries,
    });
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    expect(mail.html).toContain('>Geen e-mails meer hierover? Afmelden<');
    for (const e of entries) {
      expect(mail.html).toContain(`href="${e.link}"`);
      expect(mail.html).toContain(`>${e.name}<`);
    }
    expect(mail.html).toContain(', 41');
    expect(mail.html).toContain('>Utrecht<');
    expect(buttonOf(mail.html)).toMatchObject({ href: 'https://mannenvonk.nl/members', background: '#6b3fd6' });
    // the plain text as before: the entries, then the unsubscribe line
    expect(mail.text).toContain('- Jeroen, 41, Utrecht: https://mannenvonk.nl/members/11');
    expect(mail.text).toContain(`Geen e-mails meer hierover? Afmelden: ${unsubscribe}`);
  });

  it('fits a narrow mail client: one column of at most 560 px, fluid, a preheader, no images', async () => {
    const { html } = await renderMail('de', 'activate', vars('she-de'));
    expect(html).toContain('max-width:560px');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    for (const [, w] of html.matchAll(/\bwidth="(\d+)"/g)) expect(Number(w)).toBeLessThanOrEqual(600);
    expect(html).not.toMatch(/\bwidth:\s*(?:[6-9]\d\d|\d{4,})px/);
    expect(html).not.toContain('<img');
    // the preheader: the body's text, hidden, first in the body
    const body = (mailCatalogues.de as { activate: { body: string } }).activate.body.replace('{{site_name}}', tenantBySlug('she-de')!.name);
    expect(html).toMatch(
      new RegExp(`<div style="display:none[^"]*"[^>]*>${escaped(body.slice(0, 40)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
  });

  it('the button’s text reads at AA (4.5:1) on every shipped site’s colour', async () => {
    expect(registry.tenants.length).toBeGreaterThan(10);
    for (const site of registry.tenants) {
      const { html } = await renderMail(site.default_locale, 'reset', vars(site.slug));
      const button = buttonOf(html);
      expect(button.background, site.slug).toBe(site.theme.color);
      expect(ratio(button.background, button.color), `${site.slug}: ${button.color} on ${button.background}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
