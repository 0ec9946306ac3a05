import rosetta from 'rosetta';
import { createContext, useContext } from 'react';

export type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * A translator over one locale's catalogue, the same for every web app (member site, landers,
 * console): a plural text is an object of the language's plural forms (CLDR categories), chosen
 * by `count`; a missing key is loud in development and tests and shows the key in production.
 * `i18n` takes further catalogues of the same locale (web/lib/i18n.ts, `loadCatalogue`).
 */
export function translatorFor(locale: string, catalogue: object): { t: T; i18n: ReturnType<typeof rosetta<Record<string, unknown>>> } {
  const i18n = rosetta<Record<string, unknown>>({ [locale]: catalogue as Record<string, unknown> });
  i18n.locale(locale);
  const rules = new Intl.PluralRules(locale);
  const t: T = (key, params) => {
    let text: unknown = i18n.t(key, params);
    if (text && typeof text === 'object' && typeof params?.['count'] === 'number') {
      const forms = text as Record<string, unknown>;
      const form = rules.select(params['count'] as number);
      text = i18n.t(`${key}.${form in forms ? form : 'other'}`, params);
    }
    if (typeof text !== 'string' || text === '') {
      if (import.meta.env.DEV) console.error(`i18n: missing key "${key}" in ${locale}`);
      return key;
    }
    return text;
  };
  return { t, i18n };
}

export const I18nContext = createContext<{ t: T; locale: string }>({ t: (k) => k, locale: 'nl' });
export const useT = () => useContext(I18nContext).t;
export const useLocale = () => useContext(I18nContext).locale;
