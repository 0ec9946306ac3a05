import type { Feature } from '../../lib/feature';
import { cleanUpDirectDebit, eraseBankData } from './directdebit.queries';

/**
 * Payments are financial records, kept after a member's erasure like the credit ledger: a row
 * holds the (anonymised) member's id, the site, the country, the package, the money, the method
 * and the bank chosen (not personal), and the provider's id. What is personal goes at erasure:
 * the direct-debit requests lose the account holder, IBAN, address and phone (their money and
 * dates stay), the member's SMS are deleted, mandates are revoked and their masked label cleared,
 * and the customer ids at providers are dropped. A daily job clears the bank data of direct-debit
 * requests never confirmed (a day after they expired) and deletes SMS older than a week.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  erase: ({ db, memberId }) => eraseBankData(db, memberId),
  jobs: [{ name: 'directdebit-cleanup', schedule: 'daily', run: ({ db, now }) => cleanUpDirectDebit(db, now) }],
};
