import type { MiddlewareHandler } from 'hono';
import type { ErrorCode } from '../contracts/errors';
import { readLimited } from '../lib/body-limit';

/**
 * Middleware: the request's body read within the limit (lib/body-limit readLimited), then handed
 * on as a body of known length (its `Content-Length` the bytes read), so the route's parsers read
 * what was counted.
 */
export const bodyLimit =
  (maxBytes: number, code: ErrorCode = 'payload_too_large'): MiddlewareHandler =>
  async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const body = await readLimited(raw, maxBytes, code);
    const headers = new Headers(raw.headers);
    headers.set('content-length', String(body.byteLength));
    headers.delete('transfer-encoding');
    c.req.raw = new Request(raw, { headers, body });
    return next();
  };
