import rosetta from 'rosetta';
import type { Locale } from '../../tenants/schema';
import type nl from '../../locales/nl.json';
import type { CatalogueKey } from '../contracts/catalogue-keys';
import { mainCatalogues } from './catalogues';

/** A key of the main catalogue (errors, validation, settings texts). */
export type MainKey = CatalogueKey<typeof nl>;
/** A translator: typed keys of its catalogue (`MainKey` unless said otherwise). */
export type Translate<Key extends string = MainKey> = (key: Key, params?: Record<string, unknown>) => string;

/**
 * Translators over one set of catalogues, one per locale (made once per isolate): a missing text
 * falls back to Dutch, the complete catalogue, then to '' (the caller decides what a missing text
 * shows). A plural text is an object of the language's plural forms (CLDR categories), chosen by
 * `count` with Intl.PluralRules.
 */
export function translators<C extends object>(catalogues: Record<Locale, C>): (locale: Locale) => Translate<CatalogueKey<C>> {
  const i18n = rosetta<object>(catalogues);
  const made = new Map<Locale, Translate<CatalogueKey<C>>>();
  return (locale) => {
    let t = made.get(locale);
    if (!t) {
      const rules = new Intl.PluralRules(locale);
      const one = (lang: Locale, key: string, params?: Record<string, unknown>): string => {
        const value: unknown = i18n.t(key, params, lang);
        if (value && typeof value === 'object' && typeof params?.['count'] === 'number') {
          const form = (lang === locale ? rules : new Intl.PluralRules(lang)).select(params['count'] as number);
          return String(i18n.t(`${key}.${form in value ? form : 'other'}`, params, lang) || '');
        }
        return typeof value === 'string' ? value : '';
      };
      t = (key, params) => one(locale, key, params) || one('nl', key, params);
      made.set(locale, t);
    }
    return t;
  };
}

const main = translators(mainCatalogues);

/** A translator of the main catalogue for one locale; a key without a text anywhere reads as itself. */
export function translator(locale: Locale): Translate {
  const t = main(locale);
  return (key, params) => t(key, params) || key;
}
