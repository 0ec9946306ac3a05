import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Searcher } from '../domain/landers';
import type { AppEnv } from '../env';
import { TRAFFIC_COOKIE } from '../lib/traffic';
import { memberOf } from './session';

/** Records a visitor's traffic source (?network= or ?ref= on arrival) in TRAFFIC_COOKIE for 30 days. */
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

/** Whether the request carries the traffic-source cookie the worker set on arrival (lib/traffic). */
export function hasTrafficSource(c: Context<AppEnv>) {
  try {
    return getCookie(c, TRAFFIC_COOKIE) === '1';
  } catch {
    return false;
  }
}

/**
 * Who asks to search (domain/landers maySearch): the member, or a visitor with a recorded traffic
 * source; `arriving`: the shell's own page load that records the source now (its cookie comes
 * back only with the next request).
 */
export const searcherOf = async (c: Context<AppEnv>, arriving = false): Promise<Searcher> => ({
  memberId: (await memberOf(c))?.id ?? null,
  trafficSource: arriving || hasTrafficSource(c),
});
