// eslint-disable-next-line no-restricted-imports -- transitional, see timed
import type { Context } from 'hono';

/**
 * @deprecated Server-Timing lives in worker/middleware/timing.ts (a Hono adapter, not plumbing).
 * This copy only keeps worker/middleware/session.ts compiling while another branch changes that
 * file; it goes when session.ts imports `timed` from './timing'.
 */
export function timed(c: Context, name: string, since: number) {
  (c.get('timings') as string[] | undefined)?.push(`${name};dur=${Date.now() - since}`);
}
