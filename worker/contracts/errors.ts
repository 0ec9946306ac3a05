/**
 * Every error code the API answers (`{ error: <code>, message }`, spec section 8) and every code a
 * validation issue carries. Each has its text in every locale's `errors` catalogue
 * (`errors.<code>`, `errors.validation.<code>`); tests/unit/error-codes.test.ts checks the lists
 * against the catalogues both ways. `internal_error` is the one exception: its message is
 * `errors.generic` followed by `errors.reference` with the request id.
 */
export const ERROR_CODES = [
  'internal_error',
  'unknown_site',
  'invalid_request',
  'forbidden',
  'authentication_required',
  'api_not_found',
  'method_not_allowed',
  'payload_too_large',
  'login_failed',
  'too_many_attempts',
  'email_not_found',
  'link_invalid',
  'too_many_resets',
  'activation_failed',
  'old_password_wrong',
  'invalid_birthdate',
  'invalid_email',
  'email_taken',
  'invalid_new_email',
  'passwords_differ',
  'code_not_found',
  'code_used',
  'code_expired',
  'code_minimum_order',
  'code_country',
  'code_method',
  'code_invalid',
  'directdebit_blocked',
  'creditcard_failed',
  'payment_failed',
  'account_deleted',
  'signups_closed',
  'invalid_name',
  'too_young',
  'password_too_short',
  'invalid_photo',
  'photo_service_unavailable',
  'step_invalid',
  'not_found_generic',
  'photo_locked',
  'photo_limit',
  'photo_dimensions',
  'name_length',
  'slow_down',
  'too_many_requests',
  'swipe_limit',
  'photo_decided',
  'insufficient_credits',
  'invalid_signature',
  'message_empty',
  'message_too_long',
  'free_conversation_limit',
  'too_many_messages',
  'email_not_confirmed',
  'premium_required',
  'package_not_found',
  'method_unavailable',
  'payment_provider_error',
  'directdebit_limit',
  'otp_invalid',
  'otp_expired',
  'iban_invalid',
  'phone_invalid',
  'field_required',
  'no_mandate',
  'repeat_order_premium',
  'invisible_premium_required',
  'invalid_push_subscription',
  'push_service_not_allowed',
  'push_subscription_taken',
  'totp_invalid',
  'operator_exists',
  'operator_self',
  'chat_locked',
  'chat_lock_lost',
  'account_banned',
  'report_self',
  'report_exists',
  'report_decided',
  'decision_invalid',
  'appeal_not_possible',
  'appeal_exists',
  'complaint_decided',
  'appeal_same_operator',
  'export_too_often',
  'appeal_link_invalid',
  'appeal_link_expired',
  'setup_link_invalid',
  'credentials_wrong',
  'totp_wrong',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The kinds of invalid field zod reports without a contract's own code (worker/lib/validate's error map). */
export const VALIDATION_CODES = [
  'at_least',
  'at_most',
  'greater_than',
  'invalid',
  'invalid_format',
  'invalid_option',
  'less_than',
  'not_a_number',
  'not_integer',
  'not_text',
  'too_few',
  'too_long',
  'too_many',
  'too_short',
  'unknown_fields',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

/** What an issue's message is before it is localized: a contract's error code or a kind of invalid field. */
export type IssueCode = ErrorCode | `validation.${ValidationCode}`;

/**
 * A schema's own message for zod (`z.string().min(1, issue('message_empty'))`, `{ error: issue(...) }`,
 * `ctx.addIssue({ ..., message: issue(...) })`): zod types a message as any string, this types it
 * as an IssueCode, so a misspelt one fails the typecheck. lib/validate's `localize` turns it into
 * `errors.<code>` in the member's language. ESLint refuses a bare string there (eslint.config.js).
 */
export const issue = <C extends IssueCode>(code: C): C => code;

/** Texts of the `errors` catalogue that are no code: the error page's and the unknown error's wording. */
export const ERROR_TEXTS = ['default', 'not_found', 'error_page_failed', 'back_home', 'generic', 'reference'] as const;
export type ErrorText = (typeof ERROR_TEXTS)[number];

/** Codes the web app makes itself for a call that got no error answer: no network, or a status without a JSON body. */
export type ClientErrorCode = 'network_error' | `http_${number}`;
