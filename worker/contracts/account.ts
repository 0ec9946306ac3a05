import * as z from 'zod';
import { SUPPORTED_LOCALES } from '../../tenants/schema';
import type { Ok } from './common';
import { DELETE_REASONS, PASSWORD_MIN, PUSH_PERMISSIONS, SIGNUP_STEPS } from './account.values';

import type { OwnPhoto } from './common';
import { isRealDate, PROFILE_CHOICES, type Choice, type Gender, type InterestTag, type Sexuality } from './profiles';
import { issue } from './errors';

export { DELETE_REASONS, DELETION_GRACE_DAYS, PASSWORD_MIN, PUSH_PERMISSIONS, SIGNUP_STEPS } from './account.values';

export type SignupStep = (typeof SIGNUP_STEPS)[number];
/** Steps the wizard may skip (location may not). */
export const OPTIONAL_STEPS: readonly string[] = ['photo', 'personal', 'about', 'push'] satisfies OptionalStep[];
export type PushPermission = (typeof PUSH_PERMISSIONS)[number];
export type DeleteReason = (typeof DELETE_REASONS)[number];

/** The member's own `user` object (spec section 3): GET /api/user.php and every account answer. */
export type User = {
  id: number;
  email: string;
  status: 'not_confirmed' | 'active';
  credits: number;
  paid_user: boolean;
  /** A free member's conversations still to start and messages still free (0 for premium members: they pay per message). */
  free_conversations_left: number;
  free_messages_left: number;
  signup_date: string;
  notifications_disabled: string[];
  language: string;
  fictional_icon: boolean;
  signup_step: SignupStep;
  push_permission: PushPermission | null;
  /** Unread messages over the member's conversations with members they may still see on this site (chats.php's total_unread). */
  unread_messages: number;
  profile: {
    id: number;
    name: string;
    gender: Gender;
    sexuality: Sexuality | null;
    date_of_birth: string;
    age: number;
    country: string;
    region: string | null;
    city: string | null;
    about_me: string | null;
    hair_colour: Choice<'hair_colour'> | null;
    eye_colour: Choice<'eye_colour'> | null;
    body_type: Choice<'body_type'> | null;
    relationship_status: Choice<'relationship_status'> | null;
    tattoos: Choice<'tattoos'> | null;
    signup_reason: Choice<'signup_reason'> | null;
    /** Interest ids of GET /api/interests.php; [] when none. */
    interests: InterestTag[];
    status: 'active' | 'disabled';
    main_image: OwnPhoto | null;
  };
};
export type UserAnswer = { user: User };

/** POST /api/user.php: 401 login_failed, 423 too_many_attempts (Retry-After; the same for an unknown address), 403 account_deleted, 429 slow_down. */
export const loginInput = z.object({ email: z.string().max(254), password: z.string().max(1000) });
export type LoginInput = z.infer<typeof loginInput>;
/** PUT /api/user.php: one of the site's locales. */
export const languageInput = z.object({ language: z.enum(SUPPORTED_LOCALES) });
export type LanguageInput = z.infer<typeof languageInput>;
/** GET /api/logout.php */
export type LogoutAnswer = Ok;
/** POST /api/user.php's 403 for a banned member (only after the right password): the ban's appeal link token while its window is open. */
export type BannedAnswer = { error: 'account_banned'; message: string; appeal_token: string | null };

/** Traffic-source values are kept, cut to 100 characters, never a reason to refuse a signup. */
const tracking = z
  .string()
  .trim()
  .transform((v) => v.slice(0, 100))
  .optional();
export const trackingInput = z.object({ network: tracking, ref: tracking, sub1: tracking, sub2: tracking, sub3: tracking }).strict();
export type Tracking = z.input<typeof trackingInput>;

/** POST /api/signup.php: creates the account and logs in (201, signup_step 'photo'). The site checks the age range. 429 slow_down (per address). */
export const signupInput = z.object({
  email: z
    .string({ error: issue('invalid_email') })
    .trim()
    .toLowerCase()
    .max(254, issue('invalid_email'))
    .pipe(z.email(issue('invalid_email'))),
  password: z
    .string({ error: issue('password_too_short') })
    .min(PASSWORD_MIN, issue('password_too_short'))
    .max(1000),
  name: z
    .string({ error: issue('name_length') })
    .trim()
    .min(2, issue('name_length'))
    .max(30, issue('name_length'))
    .refine((n) => !/[\p{Cc}\p{Cf}]/u.test(n), issue('name_length'))
    .refine((n) => !n.startsWith('@'), issue('invalid_name')),
  date_of_birth: z.string({ error: issue('invalid_birthdate') }).refine(isRealDate, issue('invalid_birthdate')),
  gender: z.enum(PROFILE_CHOICES.gender, { error: issue('invalid_request') }),
  tracking: trackingInput.optional(),
});
export type SignupInput = z.input<typeof signupInput>;

/**
 * PUT /api/signup.php: saves the current wizard step (only that one); the answer's user names the
 * next. An optional step may be sent as `{ step, skip: true }` instead.
 */
export const STEP_INPUTS = {
  photo: z.object({ step: z.literal('photo') }),
  location: z.object({
    step: z.literal('location'),
    country: z.string({ error: issue('invalid_request') }).regex(/^[A-Z]{2}$/, issue('invalid_request')),
    region: z.string({ error: issue('invalid_request') }).max(20),
    city: z.string().trim().max(100).optional(),
  }),
  personal: z.object({ step: z.literal('personal'), sexuality: z.enum(PROFILE_CHOICES.sexuality, { error: issue('invalid_request') }) }),
  about: z.object({
    step: z.literal('about'),
    about_me: z
      .string({ error: issue('invalid_request') })
      .trim()
      .max(2000, issue('invalid_request')),
  }),
  push: z.object({ step: z.literal('push'), push_permission: z.enum(PUSH_PERMISSIONS, { error: issue('invalid_request') }) }),
  confirm: z.object({ step: z.literal('confirm') }),
} as const;
export type OptionalStep = 'photo' | 'personal' | 'about' | 'push';
export type StepInput = { step: OptionalStep; skip: true } | z.input<(typeof STEP_INPUTS)[keyof typeof STEP_INPUTS]>;

/** POST /api/resend-activation.php: 429 slow_down. */
export type ResendActivationAnswer = Ok;

const token = z.string().max(100);
const password = z.string().max(1000);
/** POST /api/reset-password.php {email}: 404 email_not_found, 429 too_many_resets or slow_down (per address). */
export const resetRequestInput = z.object({ email: z.string().max(254) });
export type ResetRequestInput = z.infer<typeof resetRequestInput>;
/** POST /api/reset-password-do.php: 400 passwords_differ, password_too_short or link_invalid. */
export const resetInput = z.object({ token, password, password_confirm: password });
export type ResetInput = z.infer<typeof resetInput>;
/** POST /api/password.php: 400 old_password_wrong (counted by the lockout: 423 too_many_attempts), 429 slow_down; other sessions end, this one gets a new token. */
export const passwordInput = z.object({ old_password: password, password });
export type PasswordInput = z.infer<typeof passwordInput>;
/** POST /api/mail-change.php: mails a link to the new address; 400 invalid_new_email or old_password_wrong (counted by the lockout: 423 too_many_attempts), 429 too_many_requests or slow_down. */
export const mailChangeInput = z.object({ email: z.string().max(254), password });
export type MailChangeInput = z.infer<typeof mailChangeInput>;
/** POST /api/mail-change-do.php {token}: `user` only when opened in the member's own session. */
export const tokenInput = z.object({ token });
export type TokenInput = z.infer<typeof tokenInput>;
export type MailChangeDoAnswer = UserAnswer | Ok;
/** POST /api/delete-account.php: the session ends; a mailed link reactivates within 14 days. */
export const deleteAccountInput = z.object({ reason: z.enum(DELETE_REASONS), comment: z.string().max(1000).optional() });
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
/** POST /api/reactivate.php {token}: brings the account back and logs in. */
export type ReactivateAnswer = UserAnswer;
