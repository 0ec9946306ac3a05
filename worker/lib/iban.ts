import { isSEPACountry, isValidIBAN } from 'ibantools';

/**
 * IBANs for SEPA direct debit (ibantools): the entered text in electronic form (spaces and dashes
 * out, upper-case), the country's length and account format, the ISO 13616 mod-97 checksum, and a
 * SEPA country. Null when any of it fails.
 */
export function sepaIban(entered: string): string | null {
  const iban = entered.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/.test(iban)) return null;
  if (!isValidIBAN(iban, { allowQRIBAN: false })) return null;
  return isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

/** "NL** **** **** 4300": the country and the last four characters (a mandate's label). */
export const maskIban = (iban: string) => `${iban.slice(0, 2)}** **** **** ${iban.slice(-4)}`;
