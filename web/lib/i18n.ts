import rosetta from 'rosetta';
import { createContext, useContext } from 'react';
import type nl from '../../locales/nl.json';

export type Catalogue = typeof nl;
export type T = (key: string, params?: Record<string, unknown>) => string;

const loaders: Record<string, () => Promise<{ default: Catalogue }>> = {
  nl: () => import('../../locales/nl.json'),
  en: () => import('../../locales/en.json'),
  de: () => import('../../locales/de.json'),
};

/** Loads one locale's catalogue (its own chunk) and returns a translator for it. */
export async function createTranslator(locale: string): Promise<T> {
  const load = loaders[locale] ?? loaders.nl!;
  const i18n = rosetta<Catalogue>({ [locale]: (await load()).default });
  i18n.locale(locale);
  return (key, params) => {
    const text = i18n.t(key, params);
    if (text === '' || text === undefined) {
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
