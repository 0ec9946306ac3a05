import type { Feature } from '../../lib/feature';
import { isProviderName, paymentProvider, PaymentProviderError } from '../../lib/payments';
import { exportPayments } from './payments.export';
import { cleanUpDirectDebit, customersOf, eraseBankData } from './directdebit.queries';

/**
 * Payments are financial records, kept after a member's erasure like the credit ledger: a row
 * holds the (anonymised) member's id, the site, the country, the package, the money, the method
 * and the bank chosen (not personal), and the provider's id. What is personal goes at erasure:
 * the direct-debit requests lose the account holder, IBAN, address and phone (their money and
 * dates stay), the member's SMS are deleted, mandates are revoked and their masked label cleared,
 * and the customers at providers are deleted there (which revokes their mandates at the provider)
 * before their ids are dropped. A daily job clears the bank data of direct-debit
 * requests never confirmed (a day after they expired) and deletes SMS older than a week.
 */
export const paymentsFeature: Feature = {
  name: 'payments',
  tables: ['payments', 'credit_ledger', 'payment_reversals', 'directdebit_requests', 'mandates', 'payment_customers', 'discount_redemptions', 'discount_codes', 'sms_outbox'],
  export: exportPayments,
  erase: async ({ db, env, memberId }) => {
    // the provider's records first, like files: a failure leaves our rows to retry the erasure with
    for (const customer of await customersOf(db, memberId)) {
      if (!isProviderName(customer.provider)) continue;
      try {
        await paymentProvider(customer.provider, { db, env }).deleteCustomer(customer.customerId);
      } catch (error) {
        // a provider that cannot be used here (the sim outside development) holds nothing to delete from here
        if (!(error instanceof PaymentProviderError && error.unavailable)) throw error;
      }
    }
    return eraseBankData(db, memberId);
  },
  jobs: [{ name: 'directdebit-cleanup', schedule: 'daily', run: ({ db, now }) => cleanUpDirectDebit(db, now) }],
};
