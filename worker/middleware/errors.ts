import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { AppError, errorBody, RateLimited, ValidationError } from '../lib/errors';

/** The one error handler: known errors map to their code, anything else is logged and a 500. */
export function onError(err: Error, c: Context<AppEnv>) {
  const t = c.get('t');
  if (err instanceof ValidationError) return c.json({ ...errorBody(t, err.code), issues: err.issues }, 400);
  if (err instanceof RateLimited) c.header('Retry-After', String(err.retryAfter));
  if (err instanceof AppError) return c.json({ ...errorBody(t, err.code, err.params, err.text), ...err.extra }, err.status);
  if (err instanceof HTTPException) {
    const code = err.status === 413 ? 'payload_too_large' : 'invalid_request';
    return c.json(errorBody(t, code), err.status as ContentfulStatusCode);
  }
  console.error('unhandled error', c.req.method, c.req.path, err);
  return c.json({ error: 'internal_error', message: t?.('errors.generic') ?? 'Internal error' }, 500);
}
