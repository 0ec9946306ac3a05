import { PaymentProviderError, type PaymentProvider } from './types';

/**
 * Mollie's payments API over `fetch` (v2: payments, methods, customers and mandates, refunds).
 * Not built yet: choosing it answers `unavailable` until the adapter and its API key exist.
 */
export function mollieProvider(): PaymentProvider {
  throw new PaymentProviderError('mollie', 'not configured', true);
}
