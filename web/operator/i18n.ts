import { translatorFor, type T } from '../lib/translator';

export { I18nContext, useLocale, useT, type T } from '../lib/translator';

/** The console's own catalogue (locales/operator), one chunk per language. */
const loaders: Record<string, () => Promise<{ default: object }>> = {
  nl: () => import('../../locales/operator/nl.json'),
  en: () => import('../../locales/operator/en.json'),
  de: () => import('../../locales/operator/de.json'),
};

/** The operator's browser language when the console speaks it, else English (the server answers in the same one). */
export const consoleLocale = () => navigator.languages.map((l) => l.slice(0, 2).toLowerCase()).find((l) => l in loaders) ?? 'en';

/** The web's one translator (web/lib/translator.ts) over the console's catalogue. */
export async function createTranslator(locale: string): Promise<T> {
  return translatorFor(locale, (await loaders[locale]!()).default).t;
}
