import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree | Tree[] | string[] };
const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null
    ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Tree;
const valueAt = (o: Tree, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Tree)?.[k], o);

/** Every catalogue folder: the main one, the account and members screens' (loaded with them), the mails', the operator console's. */
const CATALOGUES = ['locales', 'locales/account', 'locales/members', 'locales/mail', 'locales/operator'];

describe('locales', () => {
  const nl = read('locales/nl.json');

  describe.each(CATALOGUES)('%s', (dir) => {
    const dutch = read(`${dir}/nl.json`);
    const others = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'nl.json');

    it('ships the same locales as the main catalogue', () => {
      expect(others.sort()).toEqual(readdirSync('locales').filter((f) => f.endsWith('.json') && f !== 'nl.json').sort());
    });

    it.each(others)('%s has exactly the keys of nl.json and the same placeholders', (file) => {
      const other = read(`${dir}/${file}`);
      expect(keys(other).sort()).toEqual(keys(dutch).sort());
      for (const k of keys(dutch)) {
        expect(placeholders(String(valueAt(other, k))), `${dir}/${file} ${k}`).toEqual(placeholders(String(valueAt(dutch, k))));
      }
    });
  });

  it('the screen catalogues share no top-level namespace with the main one or each other (rosetta merges shallowly)', () => {
    for (const file of readdirSync('locales').filter((f) => f.endsWith('.json'))) {
      const main = Object.keys(read(`locales/${file}`));
      const account = Object.keys(read(`locales/account/${file}`));
      const members = Object.keys(read(`locales/members/${file}`));
      expect(account.filter((k) => main.includes(k))).toEqual([]);
      expect(members.filter((k) => main.includes(k) || account.includes(k))).toEqual([]);
    }
  });

  it('keeps the exact Dutch texts of the spec', () => {
    const errors = nl.errors as Record<string, string>;
    expect(errors.login_failed).toBe('Login mislukt, probeer opnieuw');
    expect(errors.too_many_attempts).toBe('Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.');
    expect(errors.generic).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(errors.email_taken).toBe('Dit e-mailadres heeft al een account op deze site.');
    expect(errors.link_invalid).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
    expect(errors.not_found).toBe('This page could not be found');
    const account = read('locales/account/nl.json');
    expect(valueAt(account, 'login.forgot')).toBe('Wachtwoord vergeten?');
    expect(valueAt(account, 'signup.progress')).toBe('Stap {{step}} van {{total}}');
    expect(valueAt(account, 'delete_account.alt_discount')).toBe('Blijf en krijg {{discount}}% korting op je volgende aankoop');
    expect(valueAt(nl, 'nav.signup')).toBe('Gratis aanmelden');
    expect(valueAt(account, 'location.use_mine')).toBe('Gebruik mijn locatie');
    const members = read('locales/members/nl.json');
    expect(valueAt(members, 'photos.pending')).toBe('Wordt gecontroleerd');
    expect(valueAt(members, 'search.similar_title')).toBe('Vergelijkbare profielen');
  });

  it('legal texts exist in Dutch and English with the same pages and sections', () => {
    const lnl = read('locales/legal/nl.json');
    const len = read('locales/legal/en.json');
    expect(Object.keys(len)).toEqual(Object.keys(lnl));
    for (const page of Object.keys(lnl)) {
      expect(((len[page] as Tree).sections as Tree[]).length).toBe(((lnl[page] as Tree).sections as Tree[]).length);
    }
  });
});
