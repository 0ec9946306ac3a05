import { and, asc, desc, eq, lt, lte, or, sql } from 'drizzle-orm';
import { LIKES_NEW_CAP, LIKES_PAGE, type LikesCursor } from '../../contracts/likes';
import { likes, members, rateLimits, swipePasses } from '../../db/schema';
import { insertLike, isNewLike, likesBack, live, type LikeSource } from '../../domain/likes';
import { cardColumns, listed, visibleMembers } from '../../domain/members';
import type { Db } from '../../lib/db';

/** Likes; says whether this call made the like (`added`) and whether the other already liked back (`match`). */
export async function like(db: Db, likerId: number, likedId: number, source: LikeSource, at: Date) {
  const [added, back] = await db.batch([insertLike(db, likerId, likedId, source, at), likesBack(db, likerId, likedId)]);
  return { added: added.length > 0, match: (back[0]?.n ?? 0) > 0 };
}

export const unlike = (db: Db, likerId: number, likedId: number, at: Date) =>
  db.update(likes).set({ withdrawnAt: at.toISOString() }).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), live));

/**
 * A like from the swipe game, counted against the day's quota in one batch: the like is written
 * only while the day's count is under the limit, and the count goes up only when it was (SQLite's
 * changes() of the like statement), so a repeat or a retry costs nothing and nothing is undone.
 */
export async function swipeLike(db: Db, likerId: number, likedId: number, key: string, limit: number, at: Date) {
  const d1 = db.$client;
  const [written, , state] = await d1.batch<{ liked: number; back: number }>([
    d1
      .prepare(
        `INSERT INTO likes (liker_id, liked_id, source, created_at)
         SELECT ?1, ?2, 'swipe', ?3 WHERE coalesce((SELECT count FROM rate_limits WHERE key = ?4), 0) < ?5
         ON CONFLICT (liker_id, liked_id) DO UPDATE SET withdrawn_at = NULL WHERE withdrawn_at IS NOT NULL`,
      )
      .bind(likerId, likedId, at.toISOString(), key, limit),
    d1
      .prepare('INSERT INTO rate_limits (key, window_start, count) SELECT ?1, ?2, 1 WHERE changes() = 1 ON CONFLICT (key) DO UPDATE SET count = count + 1')
      .bind(key, at.toISOString()),
    d1
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM likes WHERE liker_id = ?1 AND liked_id = ?2 AND withdrawn_at IS NULL) AS liked,
                EXISTS (SELECT 1 FROM likes WHERE liker_id = ?2 AND liked_id = ?1 AND withdrawn_at IS NULL) AS back`,
      )
      .bind(likerId, likedId),
  ]);
  const row = state?.results[0];
  return { added: (written?.meta.changes ?? 0) > 0, liked: !!row?.liked, match: !!row?.back };
}

/** The day's swipe likes used so far. */
export async function swipeLikesUsed(db: Db, key: string) {
  const row = await db.query.rateLimits.findFirst({ where: eq(rateLimits.key, key) });
  return row?.count ?? 0;
}

type Segment = 'new' | 'seen' | 'given';
/** The site whose members a list shows: its company's pool, its niche only. */
type Site = { companyId: number; niche: number };
type Place = { at: string; id: number };

/**
 * One segment of a member's likes, visible members only, newest first (ties by the other member's
 * id), after `from` when given: the received likes not yet seen ('new') or the seen ones
 * ('seen'), each a range of the index likes_liked, or the given ones ('given', likes_liker).
 * The keyset bound is written so SQLite can take it as a range of the index.
 */
function segment(db: Db, memberId: number, site: Site, which: Segment, from: Place | null, limit: number) {
  const given = which === 'given';
  const mine = given ? likes.likerId : likes.likedId;
  const other = given ? likes.likedId : likes.likerId;
  const seen = given ? undefined : isNewLike(which === 'new');
  const after = from ? and(lte(likes.createdAt, from.at), or(lt(likes.createdAt, from.at), lt(other, from.id))) : undefined;
  return (
    db
      .select({ ...cardColumns, seenAt: likes.seenAt, likedAt: likes.createdAt })
      // CROSS JOIN keeps likes as the outer loop: SQLite would otherwise walk the whole pool
      .from(likes)
      .crossJoin(members)
      .where(and(eq(members.id, other), eq(mine, memberId), seen, live, after, visibleMembers(site.companyId, memberId, site.niche)))
      .orderBy(desc(likes.createdAt), desc(other))
      .limit(limit)
  );
}
export type LikeRow = Awaited<ReturnType<typeof segment>>[number];
export type LikesPage = { rows: LikeRow[]; next: LikesCursor | null };

const placeOf = (r: LikeRow, seen: boolean): LikesCursor => ({ seen, at: r.likedAt, id: r.id });

/**
 * Pages of one member's likes (keyset paging, see the contract). `received` / `given`: undefined
 * leaves that list out, null asks for its first page, a cursor for the page after it. Received
 * likes run new ones first, then seen ones, each newest first; their first page holds every new
 * like (up to newCap) and is filled up to `page` with seen ones. One batch.
 */
export async function likesOf(
  db: Db,
  memberId: number,
  site: Site,
  { received, given }: { received?: LikesCursor | null; given?: LikesCursor | null },
  { page = LIKES_PAGE, newCap = LIKES_NEW_CAP } = {},
) {
  const queries: ReturnType<typeof segment>[] = [];
  const newAt = received !== undefined && !received?.seen ? queries.push(segment(db, memberId, site, 'new', received, (received ? page : newCap) + 1)) - 1 : -1;
  const seenAt = received !== undefined ? queries.push(segment(db, memberId, site, 'seen', received?.seen ? received : null, page + 1)) - 1 : -1;
  const givenAt = given !== undefined ? queries.push(segment(db, memberId, site, 'given', given, page + 1)) - 1 : -1;
  if (!queries.length) return { received: null, given: null };
  const results = await db.batch(queries as [ReturnType<typeof segment>, ...ReturnType<typeof segment>[]]);

  let receivedPage: LikesPage | null = null;
  if (received !== undefined) {
    const fresh = newAt >= 0 ? results[newAt]! : [];
    const rows = [...fresh.map((r) => ({ r, seen: false })), ...results[seenAt]!.map((r) => ({ r, seen: true }))];
    // the first page: every new like (up to the cap), at least `page` likes
    const take = received ? page : fresh.length > newCap ? newCap : Math.max(page, fresh.length);
    const kept = rows.slice(0, take);
    const last = kept.at(-1);
    receivedPage = { rows: kept.map((k) => k.r), next: rows.length > take && last ? placeOf(last.r, last.seen) : null };
  }
  let givenPage: LikesPage | null = null;
  if (given !== undefined) {
    const rows = results[givenAt]!;
    const kept = rows.slice(0, page);
    givenPage = { rows: kept, next: rows.length > page ? placeOf(kept.at(-1)!, true) : null };
  }
  return { received: receivedPage, given: givenPage };
}

/** The newest new like for the member, an automatic one first (the like overlay). */
export async function newestNewLike(db: Db, memberId: number, site: Site) {
  const [row] = await db
    .select(cardColumns)
    .from(likes)
    .crossJoin(members)
    .where(and(eq(members.id, likes.likerId), eq(likes.likedId, memberId), isNewLike(true), live, visibleMembers(site.companyId, memberId, site.niche)))
    .orderBy(sql`${likes.source} != 'auto'`, desc(likes.createdAt))
    .limit(1);
  return row ?? null;
}

/** The next swipe-game profile: this niche, of the wanted gender (null: either), not yet liked or passed. */
export async function nextSwipeProfile(db: Db, viewer: { id: number; companyId: number }, niche: number, gender: 'male' | 'female' | null) {
  const [row] = await db
    .select(cardColumns)
    .from(members)
    .where(
      and(
        visibleMembers(viewer.companyId, viewer.id, niche),
        // invisible mode (premium): never offered in the swipe game
        eq(members.invisible, false),
        // nor a restricted one (reports)
        listed,
        gender ? eq(members.gender, gender) : undefined,
        sql`NOT EXISTS (SELECT 1 FROM likes WHERE likes.liker_id = ${viewer.id} AND likes.liked_id = members.id)`,
        sql`NOT EXISTS (SELECT 1 FROM swipe_passes WHERE swipe_passes.member_id = ${viewer.id} AND swipe_passes.passed_id = members.id)`,
      ),
    )
    .orderBy(desc(members.createdAt), asc(members.id))
    .limit(1);
  return row ?? null;
}

export const pass = (db: Db, memberId: number, passedId: number, at: Date) =>
  db.insert(swipePasses).values({ memberId, passedId, createdAt: at.toISOString() }).onConflictDoNothing();

/** Erasure: every like and pass of and on the member. */
export const eraseLikes = (db: Db, memberId: number) => [
  db.delete(likes).where(or(eq(likes.likerId, memberId), eq(likes.likedId, memberId))),
  db.delete(swipePasses).where(or(eq(swipePasses.memberId, memberId), eq(swipePasses.passedId, memberId))),
];
