import rosetta from 'rosetta';
import de from '../../locales/de.json';
import en from '../../locales/en.json';
import nl from '../../locales/nl.json';
import type { Locale } from '../../tenants/schema';

const catalogues = { nl, en, de } satisfies Record<Locale, unknown>;
const i18n = rosetta(catalogues);

/** A translator for one locale; falls back to Dutch (the complete catalogue) for a missing key. */
export function translator(locale: Locale) {
  return (key: string, params?: Record<string, unknown>): string =>
    i18n.t(key, params, locale) || i18n.t(key, params, 'nl') || key;
}
