import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';

/** Set when a visitor arrives with a traffic source (?network= or ?ref=), for 30 days. */
export const TRAFFIC_COOKIE = 'ts';

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

export function hasTrafficSource(c: Context<AppEnv>) {
  try {
    return getCookie(c, TRAFFIC_COOKIE) === '1';
  } catch {
    return false;
  }
}
