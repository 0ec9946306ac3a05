import rosetta from 'rosetta';
import { createContext, useContext } from 'react';

export type T = (key: string, params?: Record<string, unknown>) => string;

/** The console's own catalogue (locales/operator), one chunk per language. */
const loaders: Record<string, () => Promise<{ default: object }>> = {
  nl: () => import('../../locales/operator/nl.json'),
  en: () => import('../../locales/operator/en.json'),
  de: () => import('../../locales/operator/de.json'),
};

/** The operator's browser language when the console speaks it, else English (the server answers in the same one). */
export const consoleLocale = () => navigator.languages.map((l) => l.slice(0, 2).toLowerCase()).find((l) => l in loaders) ?? 'en';

export async function createTranslator(locale: string): Promise<T> {
  const i18n = rosetta<Record<string, unknown>>({ [locale]: (await loaders[locale]!()).default as Record<string, unknown> });
  i18n.locale(locale);
  return (key, params) => i18n.t(key, params) || key;
}

export const I18n = createContext<{ t: T; locale: string }>({ t: (k) => k, locale: 'en' });
export const useT = () => useContext(I18n).t;
export const useLocale = () => useContext(I18n).locale;
