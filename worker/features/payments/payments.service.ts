import type { Context } from 'hono';
import type { PaymentStatus } from '../../contracts/payments';
import type { Member } from '../../domain/members';
import { buyerCountry, isOpen, packagesIn, paymentById, syncPayment } from '../../domain/payments';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import type { Db } from '../../lib/db';
import { AppError } from '../../lib/errors';
import { paymentProvider, PaymentProviderError, providerNameFor, type PaymentProvider } from '../../lib/payments';
import { setProviderPayment } from './payments.queries';

/** What the payment calls share: the provider of this site, the buyer's offer, the provider's failures as answers. */

/** Payment starts a member may make a day (each one reaches the provider); repeat orders count here too. */
export const STARTS_PER_DAY = 30;

/** The provider that takes this site's new payments; one that cannot be used here answers 503. */
export function currentProvider(c: Context<AppEnv>): PaymentProvider {
  try {
    return paymentProvider(providerNameFor(c.get('company'), c.env), { db: c.get('db'), env: c.env });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error('payments: provider unavailable', c.get('tenant').slug, error.message);
    throw new AppError('payment_provider_error', 503);
  }
}

/** A named provider (the one that holds a mandate); one that cannot be used here answers 503. */
export function providerByName(c: Context<AppEnv>, name: PaymentProvider['name']): PaymentProvider {
  try {
    return paymentProvider(name, { db: c.get('db'), env: c.env });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error('payments: provider unavailable', name, error.message);
    throw new AppError('payment_provider_error', 503);
  }
}

/** The packages and money of this buyer here (the member's country when the site sells there, else the visitor's). */
export function offer(c: Context<AppEnv>, member: Member | null) {
  const settings = c.get('settings');
  const country = buyerCountry(settings, member?.country ?? null, c.get('country'));
  const priced = packagesIn(settings, country);
  // the tenant check makes every country of the site have packages
  if (!priced) throw new Error(`no packages for ${country} on ${c.get('tenant').slug}`);
  return { country, ...priced };
}

/** A provider call that failed: logged, and 502 payment_provider_error for the member (anything else is rethrown). */
export function providerFailed(error: unknown): never {
  if (!(error instanceof PaymentProviderError)) throw error;
  console.error('payments: provider call failed', error.message, error.cause ?? '');
  throw new AppError('payment_provider_error', 502);
}

/**
 * The provider made a payment without a checkout (direct debit, a repeat order): its id is kept
 * with the status it gave while that is open or pending; a payment it reports decided at once (a
 * card charged with its mandate) is settled right away, as its webhook would settle it (the
 * provider is asked again, nothing of the create answer is believed).
 */
export async function settleStarted(db: Db, provider: PaymentProvider, paymentId: string, created: { id: string; status: PaymentStatus }) {
  const [row] = await setProviderPayment(db, paymentId, created.id, isOpen(created.status) ? created.status : 'pending', clock.now());
  if (isOpen(created.status)) return;
  const payment = row ?? (await paymentById(db, paymentId));
  if (!payment) return;
  try {
    await syncPayment(db, provider, payment, clock.now());
  } catch (error) {
    // the webhook (or the member's poll) settles it later
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error('payments: could not settle at once', paymentId, error.message);
  }
}
