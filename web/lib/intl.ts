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
