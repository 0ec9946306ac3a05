import { Hono } from 'hono';
import { settingsQuery } from '../../contracts/site';
import type { AppEnv } from '../../env';
import { AppError } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import { settingsJson } from '../../lib/site-settings';
import { settingsInputOf } from '../../middleware/context';

/** GET /api/settings.php: the memoised JSON string of the contract's Settings (buildSettings is typed with it). */
export const settingsRoutes = new Hono<AppEnv>().get('/settings.php', validate('query', settingsQuery), (c) => {
  const { domain } = c.req.valid('query');
  if (domain !== undefined && domain.toLowerCase() !== c.get('host')) throw new AppError('invalid_request', 400);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, CF-IPCountry');
  return c.body(settingsJson(settingsInputOf(c)), 200, { 'Content-Type': 'application/json; charset=UTF-8' });
});
