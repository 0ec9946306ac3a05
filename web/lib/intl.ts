/**
 * Intl formatters made once per locale: constructing one costs far more than using it (a list of
 * 20 member cards made 20 `Intl.DisplayNames`, tens of milliseconds on a slow phone).
 */
const regions = new Map<string, Intl.DisplayNames>();

/** A country's name in the language (ISO 3166 code), or the code when the runtime has no name for it. */
export function regionName(locale: string, code: string): string {
  let names = regions.get(locale);
  if (!names) regions.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(code) ?? code;
}

const collators = new Map<string, Intl.Collator>();

/** A collator for sorting texts of the language (`a.localeCompare(b, locale)` makes a new one on every call). */
export function collator(locale: string): Intl.Collator {
  let c = collators.get(locale);
  if (!c) collators.set(locale, (c = new Intl.Collator(locale)));
  return c;
}
