import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Is `origin` (a browser's Origin header) this request's own origin: the same scheme, host and
 * port? `null`, a malformed value and another port or scheme of the same host are not.
 */
export function isOwnOrigin(c: Context, origin: string | undefined): boolean {
  if (!origin) return false;
  try {
    return new URL(origin).origin === new URL(c.req.url).origin;
  } catch {
    return false;
  }
}

/**
 * CSRF guard for every state-changing call: it must carry `request-type: client` (a header a
 * cross-site form cannot send without a CORS preflight we never grant) and, when the browser
 * names an Origin, that Origin must be this very origin (scheme, host and port).
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  if (c.req.header('request-type') !== 'client') throw new AppError('forbidden', 403);
  const origin = c.req.header('origin');
  if (origin !== undefined && !isOwnOrigin(c, origin)) throw new AppError('forbidden', 403);
  await next();
};
