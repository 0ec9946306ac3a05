import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';

/** A known failure with a code and an HTTP status; its message comes from locales/ (errors.<code>). */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    readonly params?: Record<string, unknown>,
  ) {
    super(code);
  }
}

export type Issue = { path: string; message: string };

/** Invalid fields, each with its localized message: 400 invalid_request with `issues`. */
export class ValidationError extends AppError {
  constructor(readonly issues: Issue[]) {
    super('invalid_request', 400);
  }
}

export function errorBody(c: Context<AppEnv>, code: string, params?: Record<string, unknown>) {
  const t = c.get('t');
  const message = t ? t(`errors.${code}`, params) : code;
  return { error: code, message: message === `errors.${code}` ? t('errors.generic') : message };
}

/** The one error handler: known errors map to their code, anything else is logged and a 500. */
export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof ValidationError) return c.json({ ...errorBody(c, err.code), issues: err.issues }, 400);
  if (err instanceof AppError) return c.json(errorBody(c, err.code, err.params), err.status);
  if (err instanceof HTTPException) {
    const code = err.status === 413 ? 'payload_too_large' : 'invalid_request';
    return c.json(errorBody(c, code), err.status as ContentfulStatusCode);
  }
  console.error('unhandled error', c.req.method, c.req.path, err);
  return c.json({ error: 'internal_error', message: c.get('t')?.('errors.generic') ?? 'Internal error' }, 500);
}
