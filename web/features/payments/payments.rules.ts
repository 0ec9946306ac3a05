import { PACKAGE_TIERS, PAYMENT_METHODS } from '../../../worker/contracts/payments.values';
import type { Package, PackageTier, PaymentMethod, PaymentStatus } from '../../../worker/contracts/payments';

export const isTier = (id: string | undefined): id is PackageTier => (PACKAGE_TIERS as readonly (string | undefined)[]).includes(id);
export const isMethod = (id: string | undefined): id is PaymentMethod => (PAYMENT_METHODS as readonly (string | undefined)[]).includes(id);

/** How many text messages a package pays for at this site's message price. */
export const messagesFor = (pkg: Pick<Package, 'credits'>, messageCredits: number) =>
  messageCredits > 0 ? Math.floor(pkg.credits / messageCredits) : 0;

/** Spec section 2: the discount ribbon is red on p2 and green on p3. */
export const ribbonTone = (tier: PackageTier): 'red' | 'green' | null => (tier === 'p2' ? 'red' : tier === 'p3' ? 'green' : null);

/** What the return screen shows for a payment's status (spec section 2: pending, complete, failed; a failed card offers PayPal). */
export type Outcome = 'pending' | 'complete' | 'failed' | 'card_failed' | 'canceled' | 'expired';
export function outcomeOf(status: PaymentStatus, method: PaymentMethod): Outcome {
  if (status === 'paid') return 'complete';
  if (status === 'open' || status === 'pending') return 'pending';
  if (status === 'failed') return method === 'creditcard' ? 'card_failed' : 'failed';
  return status;
}

/** The checkout address of a package (and method): /credits/{id}/{paymentmethod?} (spec section 2). */
export const checkoutPath = (tier: PackageTier, method?: PaymentMethod) => (method ? `/credits/${tier}/${method}` : `/credits/${tier}`);
