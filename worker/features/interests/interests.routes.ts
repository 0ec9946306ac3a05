import { Hono } from 'hono';
import type { AppEnv } from '../../env';

/** The fixed tag set of spec section 3; the id is the tag as the spec names it. */
export const INTEREST_TAGS = [
  'adventure', 'analsex', 'animals', 'art', 'astrology', 'bbq', 'beach', 'beer', 'biking',
  'bondage', 'coffee', 'cooking', 'dancing', 'exchanging pictures', 'fashion', 'foodie',
  'gardening', 'gym', 'hiking', 'hugging', 'kissing', 'lingerie', 'massages', 'masturbating',
  'movies', 'music', 'one night stand', 'oral sex', 'outdoors', 'party', 'photography',
  'politics', 'public sex', 'reading', 'relationship', 'sadomasochism', 'safe sex', 'sex',
  'sex toys', 'shopping', 'sports', 'sushi', 'tattoos', 'tea', 'theater', 'threesome',
  'travelling', 'vegetarian', 'video games', 'wine',
] as const;

export const interestKey = (tag: string) => `interests.${tag.replace(/ /g, '_')}`;

export const interestsRoutes = new Hono<AppEnv>().get('/interests.php', (c) => {
  const t = c.get('t');
  c.header('Cache-Control', 'public, max-age=3600');
  c.header('Vary', 'Cookie');
  return c.json({ interests: INTEREST_TAGS.map((id) => ({ id, label: t(interestKey(id)) })) }, 200);
});
