import { Hono } from 'hono';
import { z } from 'zod';
import { COUNTRIES } from '../../../tenants/schema';
import type { AppEnv } from '../../env';
import { validate } from '../../lib/validate';
import { regionsByCountry } from './regions.queries';

const query = z.object({ country: z.enum(COUNTRIES).optional() });

export const regionsRoutes = new Hono<AppEnv>().get('/regions.php', validate('query', query), (c) => {
  const { country } = c.req.valid('query');
  const all = regionsByCountry();
  const regions = country ? { [country]: all.get(country)! } : Object.fromEntries(all);
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json({ regions }, 200);
});
