import * as z from 'zod';
import type { Ok } from './common';
import { OPERATOR_PASSWORD_MIN, OPERATOR_ROLES, PHOTO_REMOVAL_REASONS } from './operator.values';
import { issue } from './errors';

/**
 * The operator console's calls (`/api/operator/…`, answered only on the operator host). Operators
 * are not members: their own accounts, session cookie, roles and company.
 */

export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export type PhotoRemovalReason = (typeof PHOTO_REMOVAL_REASONS)[number];

/** An operator as the console shows them. */
export type OperatorJson = { id: number; email: string; name: string; role: OperatorRole; disabled: boolean; created_at: string };

/** POST /api/operator/login.php: password and the current TOTP code together (the console asks for them in two steps). */
export const operatorLoginInput = z.object({
  email: z.string().max(254),
  password: z.string().max(1000),
  code: z.string().regex(/^\d{6}$/, { error: issue('totp_invalid') }),
});
export type OperatorLoginInput = z.infer<typeof operatorLoginInput>;
/** POST login.php and GET me.php: the logged-in operator. */
export type OperatorMeAnswer = { operator: OperatorJson };
/** POST /api/operator/logout.php */
export type OperatorLogoutAnswer = Ok;

/** GET /api/operator/operators.php (admin): the company's operators. */
export type OperatorsAnswer = { operators: OperatorJson[] };
/** POST /api/operator/operators.php (admin): a new operator of the admin's company. */
export const createOperatorInput = z.object({
  email: z.email({ error: issue('invalid_email') }).max(254),
  name: z.string().trim().min(1).max(80),
  role: z.enum(OPERATOR_ROLES),
});
export type CreateOperatorInput = z.infer<typeof createOperatorInput>;
/**
 * The new operator and their one-time set-up link (`setup_url`, on the operator host, valid until
 * `expires_at`), shown this once to the admin who hands it over: the operator chooses their own
 * password and enrols their own authenticator with it; the admin never learns either.
 */
export type CreateOperatorAnswer = { operator: OperatorJson; setup_url: string; expires_at: string };
/** POST /api/operator/operator-reset.php (admin): another operator's password and TOTP are void, their sessions end, a new set-up link. */
export const resetOperatorInput = z.object({ id: z.number().int().positive() });
export type ResetOperatorInput = z.infer<typeof resetOperatorInput>;
export type ResetOperatorAnswer = CreateOperatorAnswer;

/** A set-up link's token (the part after `#` in `setup_url`). */
const setupToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: issue('setup_link_invalid') });
const code = z.string().regex(/^\d{6}$/, { error: issue('totp_invalid') });
/** The password an operator chooses: at least 12 characters (ASVS 2.1.1), any characters. */
const newPassword = z.string().min(OPERATOR_PASSWORD_MIN).max(200);
/**
 * POST /api/operator/setup-start.php {token} (no session): who the link is for and a new TOTP
 * secret to enrol (made anew on every call; only the latest one can be confirmed).
 */
export const setupStartInput = z.object({ token: setupToken });
export type SetupStartAnswer = { operator: { email: string; name: string }; secret: string; otpauth_uri: string };
/** POST /api/operator/setup.php: the chosen password and a code of the new authenticator; the link is used up and the operator logged in (OperatorMeAnswer). */
export const setupInput = z.object({ token: setupToken, password: newPassword, code });
export type SetupInput = z.infer<typeof setupInput>;
/** POST /api/operator/password.php: the current password and code, and the new password; every other session ends. */
export const operatorPasswordInput = z.object({ current_password: z.string().max(1000), code, password: newPassword });
export type OperatorPasswordInput = z.infer<typeof operatorPasswordInput>;
/** POST /api/operator/totp-start.php {}: a new secret to enrol, pending until confirmed. */
export type TotpStartAnswer = { secret: string; otpauth_uri: string };
/** POST /api/operator/totp.php: the current password and code, and a code of the new secret; every other session ends. */
export const operatorTotpInput = z.object({ current_password: z.string().max(1000), code, new_code: code });
export type OperatorTotpInput = z.infer<typeof operatorTotpInput>;
export type OperatorCredentialsAnswer = Ok;
/** PUT /api/operator/operators.php (admin): another operator's role, or disabled (their sessions end). */
export const updateOperatorInput = z
  .object({ id: z.number().int().positive(), role: z.enum(OPERATOR_ROLES).optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { error: issue('field_required') });
export type UpdateOperatorInput = z.infer<typeof updateOperatorInput>;
export type UpdateOperatorAnswer = { operator: OperatorJson };

/** One audit entry: who, what, which object, when, before and after. */
export type AuditEntry = {
  id: number;
  operator: { id: number; name: string };
  action: string;
  object_type: string;
  object_id: string;
  before: unknown;
  after: unknown;
  created_at: string;
};
/** GET /api/operator/audit.php (admin): newest first, filtered; `before` pages on (an entry id). */
export const auditQuery = z.object({
  operator: z.coerce.number().int().positive().optional(),
  action: z.string().max(40).optional(),
  object_type: z.string().max(40).optional(),
  object_id: z.string().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export type AuditAnswer = { entries: AuditEntry[]; next: number | null };

/** A photo in the moderation console; `thumb` and `image` are operator-only URLs. */
export type ModerationPhoto = {
  id: string;
  status: 'pending' | 'active';
  created_at: string;
  thumb: string;
  image: string;
  width: number;
  height: number;
};
/** A pending photo with its member and the member's other photos beside it. */
export type ModerationItem = ModerationPhoto & {
  member: { id: number; name: string; site: string; gender: string; birth_date: string };
  others: ModerationPhoto[];
};
/** GET /api/operator/photos.php?after=: the company's pending photos, oldest first, keyset paged. */
export const moderationQuery = z.object({
  after: z
    .string()
    .regex(/^[0-9TZ:.-]{20,30}\|[0-9a-f-]{36}$/)
    .optional(),
});
/** `pending`: how many wait, on the first page only (null on the pages after). */
export type ModerationAnswer = { photos: ModerationItem[]; next: string | null; pending: number | null };

/** POST /api/operator/photo.php: approve, or remove with a reason (and an optional note) the member is told. */
export const photoDecisionInput = z.discriminatedUnion('decision', [
  z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/), decision: z.literal('approve') }),
  z.object({
    id: z.string().regex(/^[0-9a-f-]{36}$/),
    decision: z.literal('remove'),
    reason: z.enum(PHOTO_REMOVAL_REASONS),
    note: z.string().trim().max(500).optional(),
  }),
]);
export type PhotoDecisionInput = z.infer<typeof photoDecisionInput>;
export type PhotoDecisionAnswer = { id: string; status: 'active' | 'removed' };

/** GET /api/operator/photo-file.php?id=&size=thumb|display: a photo's bytes, for operators of its company. */
export const photoFileQuery = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/), size: z.enum(['thumb', 'display']).default('thumb') });
