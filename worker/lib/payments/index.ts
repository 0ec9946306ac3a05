import { PAYMENT_PROVIDERS, type Company, type PaymentProviderName } from '../../../tenants/schema';
import type { Bindings } from '../../env';
import type { Db } from '../db';
import { mollieProvider } from './mollie';
import { simProvider } from './sim';
import { PaymentProviderError, type PaymentProvider } from './types';

export {
  PaymentProviderError,
  type CreateCustomerRequest,
  type CreateMandateRequest,
  type CreatePaymentRequest,
  type CreateRecurringPaymentRequest,
  type MandateMethod,
  type MethodsQuery,
  type PaymentProvider,
  type ProviderMandate,
  type ProviderMethod,
  type ProviderPayment,
  type ProviderReversal,
} from './types';

export const isProviderName = (name: string): name is PaymentProviderName => (PAYMENT_PROVIDERS as readonly string[]).includes(name);

/**
 * The provider that takes this company's new payments: the `PAYMENT_PROVIDER` variable when set
 * (`sim` in development and tests), else the company's `payment_provider`.
 */
export function providerNameFor(company: Company, env: Pick<Bindings, 'PAYMENT_PROVIDER'>): PaymentProviderName {
  const override = env.PAYMENT_PROVIDER?.trim();
  if (!override) return company.payment_provider;
  if (!isProviderName(override)) throw new PaymentProviderError(override, 'PAYMENT_PROVIDER names no provider', true);
  return override;
}

/**
 * A provider by name (a payment is always checked with the provider that made it, whatever the
 * company uses now). Throws PaymentProviderError `unavailable` when it cannot be used here.
 */
export function paymentProvider(name: PaymentProviderName, ctx: { db: Db; env: Bindings }): PaymentProvider {
  switch (name) {
    case 'sim':
      return simProvider(ctx.db, ctx.env);
    case 'mollie':
      // the methods answer is kept 5 minutes per isolate (packages.php asks on every visit)
      return mollieProvider({ apiKey: ctx.env.MOLLIE_API_KEY, baseUrl: ctx.env.MOLLIE_API_URL, methodsCacheMs: 5 * 60_000 });
  }
}
