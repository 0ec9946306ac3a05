import type { Feature } from '../../lib/feature';
import { clock } from '../../lib/clock';
import { exportPayments } from './payments.export';
import { cleanUpDirectDebit, eraseBankData } from './directdebit.queries';
import { eraseAtProviders, erasureRows } from './provider-erasures';

/**
 * Payments are financial records, kept after a member's erasure like the credit ledger: a row
 * holds the (anonymised) member's id, the site, the country, the package, the money, the method
 * and the bank chosen (not personal), and the provider's id. What is personal goes at erasure:
 * the direct-debit requests lose the account holder, IBAN, address and phone (their money and
 * dates stay), the member's SMS are deleted, mandates are revoked and their masked label cleared,
 * and the customers at providers are written down for deletion there (which revokes their
 * mandates at the provider) before their ids are dropped: the `provider-erasures` job deletes them,
 * retried until the provider confirms (provider-erasures.ts). A daily job clears the bank data of
 * direct-debit requests never confirmed (a day after they expired) and deletes SMS older than a week.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  tables: [
    'payments',
    'credit_ledger',
    'payment_reversals',
    'directdebit_requests',
    'mandates',
    'payment_customers',
    'discount_redemptions',
    'discount_codes',
    'sms_outbox',
  ],
  export: exportPayments,
  // the customers to delete at their providers first: the rows that name them go in the same batch
  erase: ({ db, memberId }) => [erasureRows(db, memberId, clock.now()), ...eraseBankData(db, memberId)],
  jobs: [
    { name: 'directdebit-cleanup', schedule: 'daily', run: ({ db, now }) => cleanUpDirectDebit(db, now) },
    { name: 'provider-erasures', schedule: 'every5', run: eraseAtProviders },
  ],
};
