import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../env';
import { AppError } from '../../middleware/errors';
import { validate } from '../../lib/validate';
import { settingsInput } from './settings.context';
import { settingsJson } from './settings.service';

const query = z.object({
  /** The SPA's current route; accepted for compatibility, settings do not depend on it. */
  route: z.string().max(2048).startsWith('/').optional(),
  /** The forced domain: must be the host the request came in on. */
  domain: z.string().max(253).optional(),
});

export const settingsRoutes = new Hono<AppEnv>().get('/settings.php', validate('query', query), (c) => {
  const { domain } = c.req.valid('query');
  if (domain !== undefined && domain.toLowerCase() !== c.get('host')) throw new AppError('invalid_request', 400);
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie, CF-IPCountry');
  return c.body(settingsJson(settingsInput(c)), 200, { 'Content-Type': 'application/json; charset=UTF-8' });
});
