/**
 * Payments' plain values (packages, methods, statuses, the credits badge): zod-free, so the web
 * imports them; contracts/payments.ts re-exports them.
 */

/** Credit packages: four tiers per site and country (spec section 2: a red discount ribbon on p2, a green one on p3). */
export const PACKAGE_TIERS = ['p0', 'p1', 'p2', 'p3'] as const;

/**
 * A package's price per message in minor units, rounded: what `packages.php` answers as
 * `price_per_message`, what the tenant registry checks against `minimum_message_costs`, and what
 * the credits page shows for a discounted price.
 */
export const pricePerMessage = (price: number, credits: number, messageCredits: number) => Math.round((price * messageCredits) / credits);

/** How a member pays (spec section 2: the payment method choice). Direct debit runs through /directdebit. */
export const PAYMENT_METHODS = ['ideal', 'creditcard', 'paypal', 'directdebit'] as const;

/** A payment's life: open (made, not yet at the provider's page), pending (being processed), then paid, failed, canceled or expired. */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'] as const;

/** Transactions a page. */
export const TRANSACTIONS_PAGE = 30;

/** Spec sections 2 and 9: the navigation's credits badge shows at 10 credits or fewer. */
export const CREDITS_BADGE_AT = 10;
