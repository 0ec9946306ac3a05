import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { rateLimits } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { getDb } from '../../lib/db';
import { toCard, type CardRow } from '../../lib/member-cards';
import { takeRateLimit } from '../../lib/rate-limit';
import { requireMember } from '../../lib/session';
import { validate } from '../../lib/validate';
import { AppError } from '../../middleware/errors';
import { siteSettings } from '../settings/settings.service';
import { canSee, dropLike, like, likesOf, newestNewLike, nextSwipeProfile, pass, unlike } from './likes.queries';

const visible = (c: Context<AppEnv>) => siteSettings(c.get('tenant')).visible_profile_fields;

/** Spec sections 6 and 9: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;
const memberId = z.object({ id: z.number().int().positive().max(2 ** 53 - 1) });

/** The calendar day in the site's time zone: the swipe limit runs by it. */
export const siteDay = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Whom the swipe game offers: the other gender, or the same on the gay niche. */
const wantedGender = (niche: number, gender: 'male' | 'female') => (niche === 7 ? gender : gender === 'male' ? 'female' : 'male');

export const likeRoutes = new Hono<AppEnv>()
  .post('/like.php', validate('json', memberId), async (c) => {
    const me = await requireMember(c);
    const { id } = c.req.valid('json');
    if (id === me.id) throw new AppError('invalid_request', 400);
    const db = getDb(c.env.DB);
    if (!(await canSee(db, me, id))) throw new AppError('not_found_generic', 404);
    const { match } = await like(db, me.id, id, 'profile', clock.now());
    return c.json({ liked: true, match }, 200);
  })
  .delete('/like.php', validate('json', memberId), async (c) => {
    const me = await requireMember(c);
    await unlike(getDb(c.env.DB), me.id, c.req.valid('json').id, clock.now());
    return c.json({ liked: false }, 200);
  })
  .get('/likes.php', async (c) => {
    const me = await requireMember(c);
    const { received, given } = await likesOf(getDb(c.env.DB), me.id, me.companyId);
    const profiles = new Map<number, ReturnType<typeof toCard>>();
    for (const row of [...received, ...given]) profiles.set(row.id, toCard(row as CardRow, visible(c)));
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        profiles: [...profiles.values()],
        liked_by: received.map((r) => ({ id: r.id, like_new: r.seenAt === null })),
        liked: given.map((r) => ({ id: r.id })),
      },
      200,
    );
  })
  .get('/auto-like.php', async (c) => {
    const me = await requireMember(c);
    const row = await newestNewLike(getDb(c.env.DB), me.id, me.companyId);
    c.header('Cache-Control', 'private, no-store');
    if (!row) return c.json(null, 200);
    const card = toCard(row, visible(c));
    return c.json({ id: card.id, name: card.name, age: card.age, main_image: card.main_image }, 200);
  })
  .get('/swipe.php', async (c) => {
    const me = await requireMember(c);
    const db = getDb(c.env.DB);
    const site = c.get('tenant');
    const next = await nextSwipeProfile(db, me, site.niche, wantedGender(site.niche, me.gender));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ profile: next ? toCard(next, visible(c)) : null, likes_left: await likesLeft(db, me.id, site.time_zone) }, 200);
  })
  .post('/swipe.php', validate('json', memberId.extend({ action: z.enum(['like', 'pass']) })), async (c) => {
    const me = await requireMember(c);
    const { id, action } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const site = c.get('tenant');
    const target = await canSee(db, me, id);
    if (!target || target.niche !== site.niche) throw new AppError('not_found_generic', 404);
    const now = clock.now();
    let match = false;
    if (action === 'pass') await pass(db, me.id, id, now);
    else {
      // Only a like this call made costs one of the day's likes (a repeat or a retry is free);
      // over the quota, the like is taken back.
      const result = await like(db, me.id, id, 'swipe', now);
      if (result.added && !(await takeRateLimit(db, swipeKey(me.id, site.time_zone, now), SWIPE_LIKES_PER_DAY, 2 * 86400_000, now))) {
        await dropLike(db, me.id, id);
        throw new AppError('swipe_limit', 429, { limit: SWIPE_LIKES_PER_DAY });
      }
      match = result.match;
    }
    const next = await nextSwipeProfile(db, me, site.niche, wantedGender(site.niche, me.gender));
    return c.json({ liked: action === 'like', match, likes_left: await likesLeft(db, me.id, site.time_zone), next: next ? toCard(next, visible(c)) : null }, 200);
  });

const swipeKey = (memberId: number, timeZone: string, at: Date) => `swipe:${memberId}:${siteDay(timeZone, at)}`;

async function likesLeft(db: ReturnType<typeof getDb>, memberId: number, timeZone: string) {
  const row = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, swipeKey(memberId, timeZone, clock.now())) });
  return Math.max(0, SWIPE_LIKES_PER_DAY - (row?.count ?? 0));
}
