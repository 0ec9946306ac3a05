import rosetta from 'rosetta';
import type { Locale } from '../../tenants/schema';
import { mainCatalogues } from './catalogues';

const i18n = rosetta<object>(mainCatalogues);

const translators = new Map<Locale, Translate>();
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A translator for one locale (made once per isolate); falls back to Dutch, the complete catalogue. */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const rules = new Intl.PluralRules(locale);
    const one = (lang: Locale, key: string, params?: Record<string, unknown>): string => {
      const value: unknown = i18n.t(key, params, lang);
      // a plural text is an object of the language's plural forms (CLDR categories), chosen by `count`
      if (value && typeof value === 'object' && typeof params?.['count'] === 'number') {
        const form = (lang === locale ? rules : new Intl.PluralRules(lang)).select(params['count'] as number);
        return String(i18n.t(`${key}.${form in value ? form : 'other'}`, params, lang) || '');
      }
      return typeof value === 'string' ? value : '';
    };
    t = (key, params) => one(locale, key, params) || one('nl', key, params) || key;
    translators.set(locale, t);
  }
  return t;
}
