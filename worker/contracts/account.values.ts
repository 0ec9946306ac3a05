/**
 * The account's plain values (signup wizard, push choice, deletion, passwords): zod-free, so the
 * web imports them; contracts/account.ts re-exports them beside its schemas.
 */

export const SIGNUP_STEPS = ['photo', 'location', 'personal', 'about', 'push', 'confirm', 'done'] as const;
export const PUSH_PERMISSIONS = ['granted', 'denied', 'default'] as const;
export const DELETE_REASONS = ['found_partner', 'not_enough_members', 'too_expensive', 'privacy', 'other'] as const;

/** Spec section 9: a deleted account can be reactivated for 14 days. */
export const DELETION_GRACE_DAYS = 14;
export const PASSWORD_MIN = 8;
