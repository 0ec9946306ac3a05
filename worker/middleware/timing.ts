import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * Server-Timing (README, per-request context): what a request spent where, for `npm run bench`
 * and the browser's network panel. Middleware and handlers mark their phases (`session`: a
 * session lookup of its own, middleware/session memberOf; `d1`: a handler's round trips), and `serverTiming` adds `total` (from the
 * first middleware to the answer) and writes the header. Workers' clock advances only across I/O
 * when deployed (there the phases are D1's time); `wrangler dev`'s advances all the time.
 */
export function timed(c: Context<AppEnv>, name: string, since: number) {
  (c.get('timings') as string[] | undefined)?.push(`${name};dur=${Date.now() - since}`);
}

export const serverTiming: MiddlewareHandler = async (c, next) => {
  const started = Date.now();
  const timings: string[] = [];
  c.set('timings', timings);
  await next();
  // a WebSocket upgrade carries no page; a response straight from the assets keeps its headers
  if (c.res.status === 101) return;
  timings.push(`total;dur=${Date.now() - started}`);
  try {
    c.res.headers.append('Server-Timing', timings.join(', '));
  } catch {
    // immutable headers (a static file): no timing
  }
};
