/**
 * Money is an integer in minor units of its currency everywhere (the worker's rule); shown in the
 * member's locale with the currency's own number of decimals. An unknown currency shows the
 * plain number with its code.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}
