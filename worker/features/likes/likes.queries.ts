import { and, asc, desc, eq, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { LIKES_PAGE, type LikesCursor } from '../../contracts/likes';
import { likes, members, rateLimits, swipePasses } from '../../db/schema';
import { insertLike, isNewLike, likesBack, live, type LikeSource } from '../../domain/likes';
import { cardColumns, listed, visibleMembers } from '../../domain/members';
import { reusableList, runNamed, type Db } from '../../lib/db';
import { sessionTokenMemberId, type SessionValues } from '../../domain/sessions';

/** Likes; says whether this call made the like (`added`) and whether the other already liked back (`match`). */
export async function like(db: Db, likerId: number, likedId: number, source: LikeSource, at: Date) {
  const [added, back] = await db.batch([insertLike(db, likerId, likedId, source, at), likesBack(db, likerId, likedId)]);
  return { added: added.length > 0, match: (back[0]?.n ?? 0) > 0 };
}

export const unlike = (db: Db, likerId: number, likedId: number, at: Date) =>
  db
    .update(likes)
    .set({ withdrawnAt: at.toISOString() })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), live));

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
      .prepare(
        'INSERT INTO rate_limits (key, window_start, count) SELECT ?1, ?2, 1 WHERE changes() = 1 ON CONFLICT (key) DO UPDATE SET count = count + 1',
      )
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
/** Whose likes, on which site: the member (an id, or the session's subquery), its company's pool, this niche only. */
export type Whose = { me: number | SQL; companyId: number | SQL; niche: number | SQL };
/** The site whose members a list shows: its company's pool, its niche only. */
type Site = { companyId: number; niche: number };
type Place = { at: string; id: number };

/** One side of a member's likes as card rows, visible members only: received (index likes_liked) or given (likes_liker). */
function likeCards(db: Db, w: Whose, given: boolean, ...conditions: (SQL | undefined)[]) {
  return (
    db
      .select({ ...cardColumns, seenAt: likes.seenAt, likedAt: likes.createdAt })
      // CROSS JOIN keeps likes as the outer loop: SQLite would otherwise walk the whole pool
      .from(likes)
      .crossJoin(members)
      .where(
        and(
          eq(members.id, given ? likes.likedId : likes.likerId),
          eq(given ? likes.likerId : likes.likedId, w.me),
          live,
          ...conditions,
          visibleMembers(w.companyId, w.me, w.niche),
        ),
      )
  );
}

/**
 * One segment of a member's likes, newest first (ties by the other member's id), after `from`
 * when given: the received likes not yet seen ('new') or the seen ones ('seen'), each a range of
 * the index likes_liked, or the given ones ('given', likes_liker). The keyset bound is written so
 * SQLite can take it as a range of the index.
 */
function segment(db: Db, w: Whose, which: Segment, from: Place | null, limit: number | SQL) {
  const given = which === 'given';
  const other = given ? likes.likedId : likes.likerId;
  const seen = given ? undefined : isNewLike(which === 'new');
  const after = from ? and(lte(likes.createdAt, from.at), or(lt(likes.createdAt, from.at), lt(other, from.id))) : undefined;
  return likeCards(db, w, given, seen, after)
    .orderBy(desc(likes.createdAt), desc(other))
    .limit(limit as number);
}

/**
 * The received likes' first page in one statement, one walk down the index likes_liked: the new
 * ones first, then the seen ones, each newest first, a page and one more. More than a page of new
 * likes go on at the top of the next pages, still before the seen ones; the badge needs no more
 * than a page of them (99+ from 100, BADGE_CAP).
 */
function receivedFirst(db: Db, w: Whose, page: number | SQL) {
  return likeCards(db, w, false)
    .orderBy(desc(sql`(${likes.seenAt} IS NULL)`), desc(likes.createdAt), desc(likes.likerId))
    .limit(sql`${page} + 1` as unknown as number);
}
export type LikeRow = Awaited<ReturnType<typeof segment>>[number];
export type LikesPage = { rows: LikeRow[]; next: LikesCursor | null };

const placeOf = (r: LikeRow, seen: boolean): LikesCursor => ({ seen, at: r.likedAt, id: r.id });

/** A received like the member has seen (its cursor goes on in the seen segment). */
const isSeen = (r: LikeRow) => r.seenAt !== null;

/** A page of `page` likes from its `page + 1` rows (the extra one says that another page follows). */
const pageOf = (rows: LikeRow[], page: number, seen: (r: LikeRow) => boolean): LikesPage => {
  const kept = rows.slice(0, page);
  const last = kept.at(-1);
  return { rows: kept, next: rows.length > page && last ? placeOf(last, seen(last)) : null };
};

/** What both lists' first pages need in the session's batch: the session's values, this site's niche, the page sizes. */
export type FirstLikesValues = SessionValues & { niche: number; page: number };
/**
 * Both lists' first pages as items of the batch that looks the session up (likes.php without a
 * cursor, the likes screens' every refresh): built once per isolate, the member found by the
 * session's token, so the call is one D1 round trip. Their answers count only once the batch's
 * session row settled the member.
 */
const firstPages = reusableList<FirstLikesValues, readonly [ReturnType<typeof receivedFirst>, ReturnType<typeof segment>]>((db, p) => {
  const w = { me: sessionTokenMemberId(p), companyId: p.company, niche: p.niche };
  return [receivedFirst(db, w, p.page), segment(db, w, 'given', null, sql`${p.page} + 1`)] as const;
});
export const firstLikesStatements = (db: Db, values: FirstLikesValues) => firstPages.items(db, values);
/** The first pages from the answers of firstLikesStatements. */
export const firstLikesPages = (received: LikeRow[], given: LikeRow[], { page }: { page: number }) => ({
  received: pageOf(received, page, isSeen),
  given: pageOf(given, page, () => true),
});

type Lists = { received?: LikesCursor | null; given?: LikesCursor | null };
type Sizes = { page?: number };

/**
 * The statements of pages of one member's likes (keyset paging, see the contract), and `pages`
 * to read their answers. `received` / `given`: undefined leaves that list out, null asks for its
 * first page, a cursor for the page after it. Received likes run new ones first, then seen ones,
 * each newest first, a page at a time (the first page: the first `page` of that order). The member may be the session's subquery (sessionTokenMemberId), for a
 * batch that looks the session up first.
 */
export function likesStatements(db: Db, w: Whose, { received, given }: Lists, { page = LIKES_PAGE }: Sizes = {}) {
  type Segment = ReturnType<typeof segment>;
  // the first page of received: one statement; after a cursor: the rest of its segment, then (new ones) the seen ones
  const queries: { first?: Segment; new?: Segment; seen?: Segment; given?: Segment } = {
    ...(received === null ? { first: receivedFirst(db, w, page) } : {}),
    ...(received && !received.seen ? { new: segment(db, w, 'new', received, page + 1) } : {}),
    ...(received ? { seen: segment(db, w, 'seen', received.seen ? received : null, page + 1) } : {}),
    ...(given !== undefined ? { given: segment(db, w, 'given', given, page + 1) } : {}),
  };
  const pages = (r: {
    first?: LikeRow[] | undefined;
    new?: LikeRow[] | undefined;
    seen?: LikeRow[] | undefined;
    given?: LikeRow[] | undefined;
  }) => {
    let receivedPage: LikesPage | null = null;
    if (r.first) receivedPage = pageOf(r.first, page, isSeen);
    else if (r.seen) receivedPage = pageOf([...(r.new ?? []), ...r.seen], page, isSeen);
    return { received: receivedPage, given: r.given ? pageOf(r.given, page, () => true) : null };
  };
  return { queries, pages };
}

/**
 * likesStatements for the member of a session token (sessionTokenMemberId: the values of the
 * batch that looks the session up first), on this site's niche: the pages the cursors name.
 */
export const sessionLikesStatements = (db: Db, v: SessionValues, niche: number, lists: Lists) =>
  likesStatements(
    db,
    { me: sessionTokenMemberId({ hash: sql`${v.hash}`, company: sql`${v.company}`, now: sql`${v.now}` }), companyId: v.company, niche },
    lists,
  );

/** likesStatements for a member by id, in a batch of their own. */
export async function likesOf(db: Db, memberId: number, site: Site, lists: Lists, sizes: Sizes = {}) {
  const { queries, pages } = likesStatements(db, { me: memberId, ...site }, lists, sizes);
  const results = await runNamed(db, queries);
  return results ? pages(results) : { received: null, given: null };
}

/** The newest new like for the member, an automatic one first (the like overlay). */
export async function newestNewLike(db: Db, memberId: number, site: Site) {
  const [row] = await db
    .select(cardColumns)
    .from(likes)
    .crossJoin(members)
    .where(
      and(
        eq(members.id, likes.likerId),
        eq(likes.likedId, memberId),
        isNewLike(true),
        live,
        visibleMembers(site.companyId, memberId, site.niche),
      ),
    )
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
