import rosetta from 'rosetta';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import nl from '../../locales/nl.json';
import type { Locale } from '../../tenants/schema';

const catalogues = { nl, en, de } satisfies Record<Locale, unknown>;
const i18n = rosetta(catalogues);

const translators = new Map<Locale, Translate>();
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A translator for one locale (made once per isolate); falls back to Dutch, the complete catalogue. */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = (key, params) => i18n.t(key, params, locale) || i18n.t(key, params, 'nl') || key;
    translators.set(locale, t);
  }
  return t;
}
