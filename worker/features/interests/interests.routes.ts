import { Hono } from 'hono';
import { INTEREST_TAGS } from '../../contracts/profiles';
import type { InterestsAnswer } from '../../contracts/site';
import type { AppEnv } from '../../env';

type Underscored<S extends string> = S extends `${infer A} ${infer B}` ? `${A}_${Underscored<B>}` : S;
/** An interest's key in the main catalogue: its tag with underscores for spaces. */
export const interestKey = <Tag extends string>(tag: Tag) => `interests.${tag.replace(/ /g, '_')}` as `interests.${Underscored<Tag>}`;

export const interestsRoutes = new Hono<AppEnv>().get('/interests.php', (c) => {
  const t = c.get('t');
  c.header('Cache-Control', 'public, max-age=3600');
  c.header('Vary', 'Cookie');
  return c.json({ interests: INTEREST_TAGS.map((id) => ({ id, label: t(interestKey(id)) })) } satisfies InterestsAnswer, 200);
});
