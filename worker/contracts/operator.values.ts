/**
 * The operator console's plain values (roles, passwords, moderation): zod-free, so the console
 * imports them; contracts/operator.ts uses them.
 */

/** Operator roles (issue 15): admins run their company's operators and read the audit log; moderators decide on photos; chat operators answer for fictional profiles. */
export const OPERATOR_ROLES = ['admin', 'moderator', 'chat'] as const;

/** The shortest password an operator may choose (ASVS 2.1.1: at least 12 characters). */
export const OPERATOR_PASSWORD_MIN = 12;

/** Why a moderator removes a photo: the ground of the statement of reasons the member gets. */
export const PHOTO_REMOVAL_REASONS = [
  'not_a_person',
  'not_own_photo',
  'minor',
  'explicit',
  'contact_details',
  'offensive',
  'other',
] as const;

/** Pending photos per page of the moderation queue, and audit entries per page. */
export const MODERATION_PAGE = 24;
export const AUDIT_PAGE = 50;
