// eslint-disable-next-line no-restricted-imports -- transitional, see rememberTrafficSource
import type { Context } from 'hono';
// eslint-disable-next-line no-restricted-imports -- transitional, see rememberTrafficSource
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

/** Set when a visitor arrives with a traffic source (?network= or ?ref=), for 30 days. */
export const TRAFFIC_COOKIE = 'ts';

/**
 * @deprecated Hono adapters belong in worker/middleware/traffic.ts. These two only keep
 * worker/features/shell (shell.routes.ts, domain/landers' landerAnswer) compiling while another
 * branch changes the shell; they move to middleware/traffic.ts when that lands.
 */
export function rememberTrafficSource(c: Context<AppEnv>) {
  const source = c.req.query('network') || c.req.query('ref');
  if (!source) return;
  setCookie(c, TRAFFIC_COOKIE, '1', {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    maxAge: 30 * 86400,
  });
}

/** @deprecated see rememberTrafficSource; middleware/traffic.ts has the one the routes use. */
export function hasTrafficSource(c: Context<AppEnv>) {
  try {
    return getCookie(c, TRAFFIC_COOKIE) === '1';
  } catch {
    return false;
  }
}
