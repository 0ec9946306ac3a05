import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Issue } from '../contracts/common';
import type { ErrorCode } from '../contracts/errors';
import type { Translate } from './i18n';

/**
 * A known failure with a code and an HTTP status; its message comes from locales/ (errors.<code>,
 * or errors.<text> when one code needs another wording for this call).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    readonly params?: Record<string, unknown>,
    readonly text?: ErrorCode,
    /** fields the answer carries besides `error` and `message` (named in the call's contract) */
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
  }
}

/**
 * A refusal that ends by itself (a limit per client or member, the login lockout): 429 unless
 * said otherwise, answered with `Retry-After` in seconds.
 */
export class RateLimited extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfter: number,
    params?: Record<string, unknown>,
    status: ContentfulStatusCode = 429,
  ) {
    super(code, status, params);
  }
}

/** Whole minutes (at least 1) of a wait in seconds, for the texts that name them. */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Invalid fields, each with its localized message: 400 invalid_request with `issues`. */
export class ValidationError extends AppError {
  constructor(readonly issues: Issue[]) {
    super('invalid_request', 400);
  }
}

/** The error answer: the code and its text in the request's language (the generic text for an unknown code). */
export function errorBody(
  t: Translate | undefined,
  code: ErrorCode,
  params?: Record<string, unknown>,
  text: ErrorCode = code,
): { error: ErrorCode; message: string } {
  // internal_error has no text of its own: the generic one (as a missing text would read)
  const key = text === 'internal_error' ? 'errors.generic' : (`errors.${text}` as const);
  const message = t ? t(key, params) : code;
  return { error: code, message: t && message === key ? t('errors.generic') : message };
}
