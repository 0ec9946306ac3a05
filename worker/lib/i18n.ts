import rosetta from 'rosetta';
import type { Locale } from '../../tenants/schema';
import { mainCatalogues } from './catalogues';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * Translators over one set of catalogues, one per locale (made once per isolate): a missing text
 * falls back to Dutch, the complete catalogue, then to '' (the caller decides what a missing text
 * shows). A plural text is an object of the language's plural forms (CLDR categories), chosen by
 * `count` with Intl.PluralRules.
 */
export function translators(catalogues: Record<string, object>): (locale: Locale) => Translate {
  const i18n = rosetta<object>(catalogues);
  const made = new Map<Locale, Translate>();
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
