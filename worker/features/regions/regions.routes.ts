import { Hono } from 'hono';
import { regionsQuery, type RegionsAnswer } from '../../contracts/site';
import type { AppEnv } from '../../env';
import { regionsByCountry } from '../../lib/regions';
import { validate } from '../../middleware/validate';

export const regionsRoutes = new Hono<AppEnv>().get('/regions.php', validate('query', regionsQuery), (c) => {
  const { country } = c.req.valid('query');
  const all = regionsByCountry();
  const answer: RegionsAnswer = { regions: country ? { [country]: all.get(country)! } : Object.fromEntries(all) };
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json(answer, 200);
});
