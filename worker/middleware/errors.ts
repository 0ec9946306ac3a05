import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../env';
import { AppError, errorBody, RateLimited, ValidationError } from '../lib/errors';

/** The one error handler: known errors map to their code, anything else is logged (with the request id) and a 500 that names the id. */
export function onError(err: Error, c: Context<AppEnv>) {
  const t = c.get('t');
  if (err instanceof ValidationError) return c.json({ ...errorBody(t, err.code), issues: err.issues }, 400);
  if (err instanceof RateLimited) c.header('Retry-After', String(err.retryAfter));
  if (err instanceof AppError) return c.json({ ...errorBody(t, err.code, err.params, err.text), ...err.extra }, err.status);
  if (err instanceof HTTPException) {
    const code = err.status === 413 ? 'payload_too_large' : 'invalid_request';
    return c.json(errorBody(t, code), err.status as ContentfulStatusCode);
  }
  // the request id the member is answered with finds this line and the request's own (middleware/request-log)
  const requestId = c.get('requestId');
  console.error(
    JSON.stringify({ type: 'error', request_id: requestId, method: c.req.method, error: err.name, message: err.message, stack: err.stack }),
  );
  const message = t ? `${t('errors.generic')} ${t('errors.reference', { id: requestId })}` : `Internal error (${requestId})`;
  return c.json({ error: 'internal_error', message, request_id: requestId }, 500);
}
