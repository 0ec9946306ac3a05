import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Issue } from '../contracts/common';

/**
 * A known failure with a code and an HTTP status; its message comes from locales/ (errors.<code>,
 * or errors.<text> when one code needs another wording for this call).
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    readonly params?: Record<string, unknown>,
    readonly text?: string,
  ) {
    super(code);
  }
}

/** Invalid fields, each with its localized message: 400 invalid_request with `issues`. */
export class ValidationError extends AppError {
  constructor(readonly issues: Issue[]) {
    super('invalid_request', 400);
  }
}

/** The error answer: the code and its text in the request's language (the generic text for an unknown code). */
export function errorBody(t: ((key: string, params?: Record<string, unknown>) => string) | undefined, code: string, params?: Record<string, unknown>, text = code) {
  const message = t ? t(`errors.${text}`, params) : code;
  return { error: code, message: t && message === `errors.${text}` ? t('errors.generic') : message };
}
