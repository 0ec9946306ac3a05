import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };
const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null
    ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Tree;
const valueAt = (o: Tree, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Tree)?.[k], o);

/** locales/account/*.json: the account screens' catalogue, loaded with those screens (web/lib/i18n.ts). */
describe('account locales', () => {
  const nl = read('locales/account/nl.json');

  it.each(['en', 'de'])('%s has exactly the keys of nl and the same placeholders', (locale) => {
    const other = read(`locales/account/${locale}.json`);
    expect(keys(other).sort()).toEqual(keys(nl).sort());
    for (const k of keys(nl)) {
      expect(placeholders(String(valueAt(other, k))), `${locale} ${k}`).toEqual(placeholders(String(valueAt(nl, k))));
    }
  });

  it('shares no top-level namespace with the main catalogue (rosetta merges shallowly)', () => {
    for (const locale of ['nl', 'en', 'de']) {
      const main = Object.keys(read(`locales/${locale}.json`));
      const account = Object.keys(read(`locales/account/${locale}.json`));
      expect(account.filter((k) => main.includes(k))).toEqual([]);
    }
  });

  it('keeps the exact Dutch texts of the product', () => {
    expect(valueAt(nl, 'login.forgot')).toBe('Wachtwoord vergeten?');
    expect(valueAt(nl, 'signup.progress')).toBe('Stap {{step}} van {{total}}');
    expect(valueAt(nl, 'signup.push.enable')).toBe('Meldingen aanzetten');
    expect(valueAt(nl, 'signup.confirm.title')).toBe('Bevestig je e-mailadres');
    expect(valueAt(nl, 'signup.confirm.resend')).toBe('Stuur opnieuw');
    expect(valueAt(nl, 'signup.confirm.done')).toBe('Klaar');
    expect(valueAt(nl, 'activate.done_title')).toBe('Je e-mailadres is bevestigd');
    expect(valueAt(nl, 'reset.sent_title')).toBe('We hebben je een e-mail gestuurd');
    expect(valueAt(nl, 'delete_account.alt_discount')).toBe('Blijf en krijg {{discount}}% korting op je volgende aankoop');
    const main = read('locales/nl.json');
    expect(valueAt(main, 'nav.signup')).toBe('Gratis aanmelden');
    expect(valueAt(main, 'landing.welcome_back')).toBe('Welkom terug, {{name}}');
  });
});
