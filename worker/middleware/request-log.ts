import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * One structured log line per request (Workers Logs, wrangler.toml [observability]): the request
 * id, the site (its slug, or `operator` on the console's host), the method, the route as registered
 * (`/api/member.php`, `/media/:key{...}`: never the ids, queries or bodies of a request), the status
 * and the duration. Never an e-mail address, a message's text or an IP address. The request id is
 * Cloudflare's Ray ID (`cf-ray`) when there is one, a random one otherwise; an unknown error's 500
 * carries the same id (middleware/errors), so the id a member quotes finds its line. Development
 * has wrangler dev's own lines and logs none.
 */
export const requestLog =
  (app: 'site' | 'operator'): MiddlewareHandler =>
  async (c, next) => {
    const started = Date.now();
    c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
    await next();
    if ((c.env as { ENVIRONMENT?: string }).ENVIRONMENT === 'development') return;
    console.log(JSON.stringify(requestLine(c, app, Date.now() - started)));
  };

/** The line's fields. The route is the one the request was meant for (a guard may have answered before it). */
export function requestLine(c: Context, app: 'site' | 'operator', durationMs: number) {
  // the handler that answered, or after a middleware that answered (a guard) the first route it stood before
  const routes = matchedRoutes(c);
  const route = routes.slice(c.req.routeIndex).find((r) => r.method !== 'ALL') ?? routes[c.req.routeIndex];
  return {
    type: 'request',
    request_id: c.get('requestId') as string,
    site: app === 'operator' ? 'operator' : ((c.get('tenant') as { slug: string } | undefined)?.slug ?? null),
    method: c.req.method,
    route: route?.path ?? null,
    status: c.res.status,
    duration_ms: durationMs,
  };
}
