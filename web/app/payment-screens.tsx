/**
 * The payment screens (credits, premium, checkout with its return screens, transactions, the
 * pricing page's packages) share one chunk; their catalogue (locales/payments) loads with them.
 */
import { CheckoutPage as Checkout } from '../features/payments/checkout-page';
import { CreditsPage as Credits } from '../features/payments/credits-page';
import { DirectDebitPage as DirectDebit } from '../features/payments/direct-debit-page';
import { PremiumPage as Premium } from '../features/payments/premium-page';
import { RepeatOrderPage as RepeatOrder } from '../features/payments/repeat-order-page';
import { TransactionsPage as Transactions } from '../features/payments/transactions-page';
import { withQueries } from '../lib/query-client';
import { PricingPackages as Pricing } from './pricing-packages';

export { loadPaymentsCatalogue } from '../lib/payments-catalogue';
export const CreditsPage = withQueries(Credits);
export const PremiumPage = withQueries(Premium);
export const CheckoutPage = withQueries(Checkout);
export const TransactionsPage = withQueries(Transactions);
export const DirectDebitPage = withQueries(DirectDebit);
export const RepeatOrderPage = withQueries(RepeatOrder);
export const PricingPackages = withQueries(Pricing);
