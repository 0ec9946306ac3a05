import rosetta from 'rosetta';
import { createContext, useContext } from 'react';
import type account from '../../locales/account/nl.json';
import type footer from '../../locales/footer/nl.json';
import type landers from '../../locales/landers/nl.json';
import type legal from '../../locales/legal/nl.json';
import type members from '../../locales/members/nl.json';
import type nl from '../../locales/nl.json';
import type payments from '../../locales/payments/nl.json';
import type suggestions from '../../locales/suggestions/nl.json';
import type { CatalogueKey } from '../../worker/contracts/catalogue-keys';
import { loadersOf } from './catalogue-loaders';

export { loadersOf };

export type Catalogue = typeof nl;
/** Every key the web app's catalogues have (the main one and the screens' own), from the Dutch files. */
export type Key = CatalogueKey<typeof nl & typeof account & typeof members & typeof payments & typeof landers & typeof footer & typeof legal & typeof suggestions>;
/** Proves at compile time that every key of a union built from the contracts exists: `KeyCheck<typeof x>`. */
export type KeyCheck<K extends Key> = K;
export type T = (key: Key, params?: Record<string, unknown>) => string;

export type Loaders = Record<string, () => Promise<{ default: object }>>;

const loaders = loadersOf(import.meta.glob<{ default: Catalogue }>('../../locales/*.json'));

/**
 * The account screens' texts (login, signup, settings…) are a second catalogue, loaded with
 * those screens: in the first catalogue they would push the landing page over its JS budget.
 * Its loaders live in a chunk of their own (account-catalogue.ts), fetched beside the screen's.
 */

let active: { i18n: ReturnType<typeof rosetta>; locale: string; extra: Map<Loaders, Promise<void>> } | null = null;

/**
 * Adds a screen catalogue to the translator (once per catalogue); lazy screens await it. Its
 * top-level namespaces must differ from the other catalogues': rosetta merges shallowly.
 */
export function loadCatalogue(loaders: Loaders): Promise<void> {
  const current = active;
  if (!current) return Promise.resolve();
  let done = current.extra.get(loaders);
  if (!done) {
    done = (loaders[current.locale] ?? loaders.nl!)().then((m) => current.i18n.set(current.locale, m.default as Record<string, unknown>));
    current.extra.set(loaders, done);
  }
  return done;
}

export const loadAccountCatalogue = () => import('./account-catalogue').then((m) => loadCatalogue(m.accountLoaders));

/** Loads one locale's catalogue (its own chunk) and returns a translator for it. */
export async function createTranslator(locale: string): Promise<T> {
  const load = loaders[locale] ?? loaders.nl!;
  const i18n = rosetta<Record<string, unknown>>({ [locale]: (await load()).default });
  i18n.locale(locale);
  active = { i18n, locale, extra: new Map() };
  const rules = new Intl.PluralRules(locale);
  return (key, params) => {
    let text: unknown = i18n.t(key, params);
    // a plural text is an object of the language's plural forms (CLDR categories), chosen by `count`
    if (text && typeof text === 'object' && typeof params?.['count'] === 'number') {
      const forms = text as Record<string, unknown>;
      const form = rules.select(params['count'] as number);
      text = i18n.t(`${key}.${form in forms ? form : 'other'}`, params);
    }
    if (typeof text !== 'string' || text === '') {
      // A missing key is a bug: loud in development and tests, the key itself in production.
      if (import.meta.env.DEV) console.error(`i18n: missing key "${key}" in ${locale}`);
      return key;
    }
    return text;
  };
}

export const I18nContext = createContext<{ t: T; locale: string }>({ t: (k) => k, locale: 'nl' });
export const useT = () => useContext(I18nContext).t;
export const useLocale = () => useContext(I18nContext).locale;
