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

/**
 * A logged-in member's home (issue 33, "People first"): the members page, or the signup where it was
 * left. The worker redirects a member's `/` there (worker/features/shell) and the app goes there after
 * login and from `/` (web/features/landing, web/features/auth): one rule for both.
 */
export const memberHome = (user: { signup_step: (typeof SIGNUP_STEPS)[number] }) =>
  user.signup_step === 'done' ? '/members' : '/complete-signup';
