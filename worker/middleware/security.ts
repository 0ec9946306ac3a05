import type { MiddlewareHandler } from 'hono';

/** The site's CSP; `styleHashes` allow a page's inline `<style>` by its hash (a prerendered page's stylesheets: features/shell/inline-styles.ts). */
export const contentSecurityPolicy = (styleHashes: string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${styleHashes.map((h) => ` '${h}'`).join('')}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
const CSP = contentSecurityPolicy();

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), payment=(), geolocation=(self)',
};

/** Sets the security headers on every response, errors and static assets included. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // a WebSocket upgrade carries no page, and rebuilding it would lose the socket
  if (c.res.status === 101) return;
  // Responses from ASSETS or fetch() can be immutable; copy once when needed.
  let res = c.res;
  // A route may set a stricter header of its own (photos: a sandboxing CSP); keep it.
  const apply = (r: Response) => {
    for (const [k, v] of Object.entries(HEADERS)) if (!r.headers.has(k)) r.headers.set(k, v);
  };
  try {
    apply(res);
  } catch {
    res = new Response(res.body, res);
    apply(res);
    c.res = res;
  }
};
