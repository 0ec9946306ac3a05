import { Hono } from 'hono';
import {
  encodeLikesCursor,
  LIKES_PAGE,
  likeInput,
  likesQuery,
  SWIPE_LIKES_PER_DAY,
  swipeInput,
  type AutoLikeAnswer,
  type LikeAnswer,
  type LikesAnswer,
  type SwipeActionAnswer,
  type SwipeAnswer,
} from '../../contracts/likes';
import type { MemberCard } from '../../contracts/profiles';
import { wantedGender } from '../../contracts/niches';
import { siteMember, toCard, visibleMember, type Member } from '../../domain/members';
import { notifyLike } from '../../domain/notifications';
import type { Context } from 'hono';
import { notifyPush, pushLater } from '../../domain/push';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { namedBatch, type Db } from '../../lib/db';
import { timed } from '../../middleware/timing';
import { AppError, RateLimited } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import { requireMember, sessionForBatch } from '../../middleware/session';
import {
  firstLikesPages,
  firstLikesStatements,
  like,
  newestNewLike,
  nextSwipeProfile,
  pass,
  swipeLike,
  swipeLikesUsed,
  unlike,
  sessionLikesStatements,
} from './likes.queries';
import type { LikesPage } from './likes.queries';

/** The calendar day in the site's time zone: the swipe limit runs by it. */
export const siteDay = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Seconds until the next calendar day in the site's time zone (the swipe limit's Retry-After). */
export function secondsToNextDay(timeZone: string, at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Math.max(1, 86400 - ((parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)));
}

const swipeKey = (memberId: number, timeZone: string, at: Date) => `swipe:${memberId}:${siteDay(timeZone, at)}`;
const likesLeft = async (db: Db, memberId: number, timeZone: string) =>
  Math.max(0, SWIPE_LIKES_PER_DAY - (await swipeLikesUsed(db, swipeKey(memberId, timeZone, clock.now()))));

/** Whom the swipe game offers: the rule the first search follows (contracts/niches). */
const lookingFor = (niche: number, me: Member) => wantedGender(niche, { gender: me.gender, sexuality: me.sexuality });

/** A like this call made is mailed to the liked member when their notifications say so, after the answer. */
function mailLike(c: Context<AppEnv>, likerId: number, likedId: number, at: Date) {
  const here = { slug: c.get('tenant').slug, origin: new URL(c.req.url).origin };
  c.executionCtx.waitUntil(
    notifyLike(c.env, c.get('db'), { likerId, likedId, at, here }).catch((error: unknown) => console.error('notify like:', error)),
  );
}

export const likeRoutes = new Hono<AppEnv>()
  .post('/like.php', validate('json', likeInput), async (c) => {
    const me = await requireMember(c);
    const { id } = c.req.valid('json');
    if (id === me.id) throw new AppError('invalid_request', 400);
    const db = c.get('db');
    if (!(await visibleMember(db, me, c.get('tenant').niche, id))) throw new AppError('not_found_generic', 404);
    const now = clock.now();
    const { match, added } = await like(db, me.id, id, 'profile', now);
    if (added) {
      mailLike(c, me.id, id, now);
      pushLater(c.executionCtx, () =>
        notifyPush(c.env, db, id, 'like', { kind: match ? 'match' : 'like', from: { id: me.id, name: me.name } }),
      );
    }
    return c.json({ liked: true, match } satisfies LikeAnswer, 200);
  })
  .delete('/like.php', validate('json', likeInput), async (c) => {
    const me = await requireMember(c);
    const { id } = c.req.valid('json');
    const db = c.get('db');
    // a like given on another niche's site is taken back there
    if (!(await siteMember(db, { companyId: me.companyId, niche: c.get('tenant').niche }, id)))
      throw new AppError('not_found_generic', 404);
    await unlike(db, me.id, id, clock.now());
    return c.json({ liked: false } satisfies LikeAnswer, 200);
  })
  // hot (every refresh of the likes screens): the first pages go in the session's own batch
  .get('/likes.php', validate('query', likesQuery), async (c) => {
    const session = sessionForBatch(c);
    const visible = c.get('settings').visible_profile_fields;
    const q = c.req.valid('query');
    // lists that may lag a moment (a read replica), never behind this member's own writes
    const db = c.get('replica');
    const niche = c.get('tenant').niche;
    // no cursor: the first page of both lists; otherwise only the lists a cursor names
    const first = q.liked_by_after === undefined && q.liked_after === undefined;
    const started = Date.now();
    let received: LikesPage | null;
    let given: LikesPage | null;
    if (first) {
      // the session, both lists' first pages: one round trip
      const sizes = { page: LIKES_PAGE };
      const [mine, receivedRows, givenRows] = await db.batch([
        session.statement,
        ...firstLikesStatements(db, { ...session.values, niche, ...sizes }),
      ]);
      session.settle(mine);
      ({ received, given } = firstLikesPages(receivedRows, givenRows, sizes));
    } else {
      // the session and the pages the cursors name: one round trip too (built per call: a cursor's values vary)
      const v = session.values;
      const { queries, pages } = sessionLikesStatements(db, v, niche, { received: q.liked_by_after, given: q.liked_after });
      const r = await namedBatch(db, { session: session.statement, ...queries });
      session.settle(r.session);
      ({ received, given } = pages(r));
    }
    const profiles = new Map<number, MemberCard>();
    for (const row of [...(received?.rows ?? []), ...(given?.rows ?? [])]) profiles.set(row.id, toCard(row, visible));
    c.header('Cache-Control', 'private, no-store');
    // The time spent in D1 for this page (Workers' clock advances across I/O): read by npm run bench.
    timed(c, 'd1', started);
    const answer: LikesAnswer = {
      profiles: [...profiles.values()],
      liked_by: (received?.rows ?? []).map((r) => ({ id: r.id, like_new: r.seenAt === null })),
      liked: (given?.rows ?? []).map((r) => ({ id: r.id })),
      liked_by_next: received?.next ? encodeLikesCursor(received.next) : null,
      liked_next: given?.next ? encodeLikesCursor(given.next) : null,
    };
    return c.json(answer, 200);
  })
  .get('/auto-like.php', async (c) => {
    const me = await requireMember(c);
    const row = await newestNewLike(c.get('db'), me.id, { companyId: me.companyId, niche: c.get('tenant').niche });
    c.header('Cache-Control', 'private, no-store');
    const card = row ? toCard(row, c.get('settings').visible_profile_fields) : null;
    const answer: AutoLikeAnswer = card
      ? { id: card.id, name: card.name, age: card.age, main_image: card.main_image, fictional: card.fictional }
      : null;
    return c.json(answer, 200);
  })
  .get('/swipe.php', async (c) => {
    const me = await requireMember(c);
    const db = c.get('db');
    const site = c.get('tenant');
    const next = await nextSwipeProfile(db, me, site.niche, lookingFor(site.niche, me));
    c.header('Cache-Control', 'private, no-store');
    const answer: SwipeAnswer = {
      profile: next ? toCard(next, c.get('settings').visible_profile_fields) : null,
      likes_left: await likesLeft(db, me.id, site.time_zone),
    };
    return c.json(answer, 200);
  })
  .post('/swipe.php', validate('json', swipeInput), async (c) => {
    const me = await requireMember(c);
    const { id, action } = c.req.valid('json');
    const db = c.get('db');
    const site = c.get('tenant');
    const target = await visibleMember(db, me, site.niche, id);
    // a member in invisible mode is not in the swipe game
    if (!target || target.invisible || target.moderation !== 'none') throw new AppError('not_found_generic', 404);
    const now = clock.now();
    let match = false;
    if (action === 'pass') await pass(db, me.id, id, now);
    else {
      // Only a like this call made costs one of the day's likes (a repeat or a retry is free).
      const result = await swipeLike(db, me.id, id, swipeKey(me.id, site.time_zone, now), SWIPE_LIKES_PER_DAY, now);
      if (!result.liked) throw new RateLimited('swipe_limit', secondsToNextDay(site.time_zone, now), { limit: SWIPE_LIKES_PER_DAY });
      match = result.match;
      if (result.added) mailLike(c, me.id, id, now);
      if (result.added)
        pushLater(c.executionCtx, () =>
          notifyPush(c.env, db, id, 'like', { kind: match ? 'match' : 'like', from: { id: me.id, name: me.name } }),
        );
    }
    const next = await nextSwipeProfile(db, me, site.niche, lookingFor(site.niche, me));
    const answer: SwipeActionAnswer = {
      liked: action === 'like',
      match,
      likes_left: await likesLeft(db, me.id, site.time_zone),
      next: next ? toCard(next, c.get('settings').visible_profile_fields) : null,
    };
    return c.json(answer, 200);
  });
