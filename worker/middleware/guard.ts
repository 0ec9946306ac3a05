import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard for every state-changing call: it must carry `request-type: client` (a header a
 * cross-site form cannot send without a CORS preflight we never grant) and, when the browser
 * names an Origin, that Origin must be this very host.
 */
export const csrfGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE.has(c.req.method)) return next();
  if (c.req.header('request-type') !== 'client') throw new AppError('forbidden', 403);
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host.toLowerCase().replace(/:\d+$/, '');
    } catch {
      originHost = null;
    }
    if (originHost !== c.get('host')) throw new AppError('forbidden', 403);
  }
  await next();
};
