import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * Mobile numbers for SMS codes (libphonenumber-js with its full metadata, which tells mobile from
 * fixed lines): a national number is read in the buyer's country, an international one (+ or 00)
 * in its own; it must be a valid mobile number (or one the numbering plan cannot tell from a fixed
 * line, as in the US), without an extension. Answers E.164 ("+31612345678"), or null.
 */
export function mobileE164(entered: string, country: string): string | null {
  if (!/^\+?[0-9 ()./-]{6,30}$/.test(entered.trim())) return null;
  const number = parsePhoneNumberFromString(entered, { defaultCountry: country as CountryCode });
  if (!number || number.ext || !number.isValid()) return null;
  const type = number.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? number.number : null;
}

/**
 * An E.164 number as shown back to the member: the country code, the first digit, then only the
 * last two digits ("+31 6 •••• ••78").
 */
export function maskPhone(e164: string): string {
  const number = parsePhoneNumberFromString(e164);
  const [cc, nsn] = number ? [number.countryCallingCode, String(number.nationalNumber)] : ['', e164.replace(/\D/g, '')];
  const rest = [...('•'.repeat(Math.max(nsn.length - 3, 0)) + nsn.slice(-2))];
  // grouped by four from the end, so the two digits shown close the last group
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= 4) groups.unshift(rest.slice(Math.max(0, end - 4), end).join(''));
  return [cc ? `+${cc}` : '', nsn.slice(0, 1), ...groups].filter(Boolean).join(' ');
}
