import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree | Tree[] | string[] };
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
/** A plural text: an object of the language's plural forms (CLDR categories), chosen by `count` (web/lib/i18n.ts). */
const isPlural = (o: unknown): o is Record<string, string> =>
  typeof o === 'object' && o !== null && !Array.isArray(o) && 'other' in o && Object.keys(o).every((k) => CATEGORIES.includes(k));
/** Every key, a plural text counting as one key (its forms differ per language). */
const keys = (o: unknown, prefix = ''): string[] =>
  typeof o === 'object' && o !== null && !isPlural(o)
    ? Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];
const localeOf = (file: string) => file.replace(/\.json$/, '');
const categoriesOf = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories.slice().sort();
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const read = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Tree;
const valueAt = (o: Tree, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Tree)?.[k], o);

/** Every catalogue folder: the main one, the account and members screens' (loaded with them), the mails'. */
const CATALOGUES = [
  'locales',
  'locales/account',
  'locales/members',
  'locales/payments',
  'locales/mail',
  'locales/suggestions',
  'locales/landers',
  'locales/footer',
];

describe('locales', () => {
  const nl = read('locales/nl.json');

  describe.each(CATALOGUES)('%s', (dir) => {
    const dutch = read(`${dir}/nl.json`);
    const others = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'nl.json');

    it('ships the same locales as the main catalogue', () => {
      expect(others.sort()).toEqual(
        readdirSync('locales')
          .filter((f) => f.endsWith('.json') && f !== 'nl.json')
          .sort(),
      );
    });

    it.each(others)('%s has exactly the keys of nl.json and the same placeholders', (file) => {
      const other = read(`${dir}/${file}`);
      expect(keys(other).sort()).toEqual(keys(dutch).sort());
      for (const k of keys(dutch)) {
        const theirs = valueAt(other, k);
        const ours = valueAt(dutch, k);
        if (!isPlural(ours)) {
          expect(placeholders(String(theirs)), `${dir}/${file} ${k}`).toEqual(placeholders(String(ours)));
          continue;
        }
        // a plural text has exactly the language's forms; `other` the Dutch placeholders, every form no others
        expect(isPlural(theirs) && Object.keys(theirs).sort(), `${dir}/${file} ${k}: the plural forms of ${localeOf(file)}`).toEqual(
          categoriesOf(localeOf(file)),
        );
        const all = placeholders(ours.other!);
        expect(placeholders((theirs as Record<string, string>).other!), `${dir}/${file} ${k}.other`).toEqual(all);
        for (const [form, text] of Object.entries(theirs as Record<string, string>))
          expect(
            placeholders(text).filter((p) => !all.includes(p)),
            `${dir}/${file} ${k}.${form}`,
          ).toEqual([]);
      }
    });

    it('plural texts in nl.json have the Dutch forms', () => {
      for (const k of keys(dutch)) {
        const ours = valueAt(dutch, k);
        if (isPlural(ours)) expect(Object.keys(ours).sort(), `${dir}/nl.json ${k}`).toEqual(categoriesOf('nl'));
      }
    });
  });

  /**
   * Texts that may read as the Dutch one in another language: names (brands, the registry), and
   * words that are the same there (checked by the translators). Any other value equal to the
   * Dutch text is an untranslated copy.
   */
  const SAME_AS_DUTCH = new Set([
    // names and codes
    'payments/checkout.methods.ideal',
    'payments/checkout.methods.paypal',
    'payments/directdebit.fields.iban',
    'payments/transactions.kvk',
    'footer/footer.copyright',
    // the spec's own English in the Dutch catalogue
    'errors.default',
    'errors.not_found',
    'errors.error_page_failed',
    'members/overlay.title',
    // words shared by several languages
    'account/account_menu.credits',
    'account/account_menu.likes',
    'account/form.day',
    'account/location.country',
    'account/lang_config.country',
    'account/signup.account.male',
    'account/signup.personal.gay',
    'account/signup.personal.hetero',
    'account/signup.personal.lesbian',
    'footer/footer.cookies',
    'footer/footer.privacy',
    'gifts.champagne',
    'gifts.diamond',
    'interests.art',
    'interests.astrology',
    'interests.beach',
    'interests.beer',
    'interests.bondage',
    'interests.fashion',
    'interests.lingerie',
    'interests.massages',
    'interests.movies',
    'interests.one_night_stand',
    'interests.photography',
    'interests.sadomasochism',
    'interests.sex',
    'interests.sports',
    'interests.sushi',
    'interests.theater',
    'interests.vegetarian',
    'legal/service.sections.1.heading',
    'members/chat.free',
    'members/chat.gift',
    'members/chat.photo',
    'members/chat.preview_image',
    'members/likes.like',
    'members/likes.matches',
    'members/likes.swipe',
    'members/likes.title',
    'members/member.details',
    'members/profile_fields.body_type.plus',
    'members/profile_fields.body_type.slim',
    'members/profile_fields.gender.male',
    'members/profile_fields.hair_colour.blond',
    'members/profile_fields.relationship_status.single',
    'members/profile_fields.sexuality.gay',
    'members/profile_fields.sexuality.hetero',
    'members/profile_fields.sexuality.lesbian',
    'members/search.country',
    'members/search.page_n',
    'members/search.filters_button',
    'members/swipe.like',
    'members/swipe.title',
    'payments/checkout.summary',
    'payments/directdebit.fields.zip',
    'payments/packages.credits_word',
    'payments/transactions.date',
    'payments/transactions.details',
    'payments/transactions.kinds.bonus',
    'account/notifications.email',
    'account/notifications.push',
    'members/presence.online',
    'landers/landers.online',
    'landers/landers.partner.label',
    'landers/landers.iconslanding.private_title',
  ]);

  it.each([...CATALOGUES, 'locales/legal'])('%s: no text left as the Dutch one (names and shared words aside)', (dir) => {
    const dutch = read(`${dir}/nl.json`);
    const prefix = dir === 'locales' ? '' : `${dir.slice('locales/'.length)}/`;
    const copies: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'nl.json')) {
      const other = read(`${dir}/${file}`);
      for (const k of keys(dutch)) {
        const ours = valueAt(dutch, k);
        if (typeof ours !== 'string' || /^(\{\{\w+\}\}[,: ]*)+$/.test(ours) || SAME_AS_DUTCH.has(`${prefix}${k}`)) continue;
        if (valueAt(other, k) === ours) copies.push(`${file} ${k}: ${ours.slice(0, 40)}`);
      }
    }
    expect(copies).toEqual([]);
  });

  // the operator console is for staff: English first, Dutch and German beside it, every one complete
  it.each(readdirSync('locales/operator').filter((f) => f.endsWith('.json') && f !== 'nl.json'))(
    'locales/operator/%s has exactly the keys of nl.json and the same placeholders',
    (file) => {
      const dutch = read('locales/operator/nl.json');
      const other = read(`locales/operator/${file}`);
      expect(keys(other).sort()).toEqual(keys(dutch).sort());
      for (const k of keys(dutch))
        expect(placeholders(String(valueAt(other, k))), `locales/operator/${file} ${k}`).toEqual(placeholders(String(valueAt(dutch, k))));
    },
  );

  it('the screen catalogues share no top-level namespace with the main one or each other (rosetta merges shallowly)', () => {
    for (const file of readdirSync('locales').filter((f) => f.endsWith('.json'))) {
      const main = Object.keys(read(`locales/${file}`));
      const account = Object.keys(read(`locales/account/${file}`));
      const members = Object.keys(read(`locales/members/${file}`));
      const landers = Object.keys(read(`locales/landers/${file}`));
      expect(account.filter((k) => main.includes(k))).toEqual([]);
      expect(members.filter((k) => main.includes(k) || account.includes(k))).toEqual([]);
      expect(landers.filter((k) => main.includes(k) || account.includes(k) || members.includes(k))).toEqual([]);
    }
  });

  it('keeps the exact Dutch texts of the spec', () => {
    const errors = nl.errors as Record<string, string>;
    expect(errors.login_failed).toBe('Login mislukt, probeer opnieuw');
    expect(errors.too_many_attempts).toBe('Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.');
    expect(errors.generic).toBe('Er is een fout opgetreden, probeer het later opnieuw.');
    expect(errors.email_taken).toBe('Dit e-mailadres heeft al een account op deze site.');
    expect(errors.link_invalid).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
    // the spec's English error page texts, in Dutch on the Dutch sites (issue 33)
    expect(errors.not_found).toBe('Deze pagina kon niet worden gevonden');
    expect(errors.default).toBe('Fout');
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
