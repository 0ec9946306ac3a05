import type { Feature } from '../../lib/feature';

/**
 * Payments are financial records, kept after a member's erasure like the credit ledger: a row
 * holds the (anonymised) member's id, the site, the country, the package, the money, the method
 * and the bank chosen (not personal), and the provider's id. Nothing personal is stored, so erasure
 * has nothing to remove here; customer records and mandates (account holder, IBAN) for direct
 * debit and repeat orders will be anonymised here when they exist.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  erase: () => [],
};
