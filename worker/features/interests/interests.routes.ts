import { Hono } from 'hono';
import { INTEREST_TAGS } from '../../contracts/profiles';
import type { InterestsAnswer } from '../../contracts/site';
import type { AppEnv } from '../../env';
import { noSessionLookup } from '../../middleware/session';

export const interestKey = (tag: string) => `interests.${tag.replace(/ /g, '_')}`;

export const interestsRoutes = new Hono<AppEnv>().get('/interests.php', noSessionLookup, (c) => {
  const t = c.get('t');
  c.header('Cache-Control', 'public, max-age=3600');
  c.header('Vary', 'Cookie');
  return c.json({ interests: INTEREST_TAGS.map((id) => ({ id, label: t(interestKey(id)) })) } satisfies InterestsAnswer, 200);
});
