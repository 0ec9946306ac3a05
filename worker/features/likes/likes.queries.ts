import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { likes, members, swipePasses } from '../../db/schema';
import type { Db } from '../../lib/db';
import { cardColumns, visibleMembers } from '../../lib/member-cards';

export type LikeSource = (typeof likes.$inferInsert)['source'];

/** A like that counts (not withdrawn). */
const live = isNull(likes.withdrawnAt);

/**
 * Idempotent: liking twice is one like; liking again after an unlike revives the old row, its
 * "seen" state included, so it cannot be made new again. Says whether this call made the like
 * (`added`) and whether the other already liked back (`match`).
 */
export async function like(db: Db, likerId: number, likedId: number, source: LikeSource, at: Date) {
  const [added, back] = await db.batch([
    db
      .insert(likes)
      .values({ likerId, likedId, source, createdAt: at.toISOString() })
      .onConflictDoUpdate({ target: [likes.likerId, likes.likedId], set: { withdrawnAt: null }, setWhere: sql`${likes.withdrawnAt} IS NOT NULL` })
      .returning({ likerId: likes.likerId }),
    db.select({ n: sql<number>`count(*)` }).from(likes).where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId), live)),
  ]);
  return { added: added.length > 0, match: (back[0]?.n ?? 0) > 0 };
}

export const unlike = (db: Db, likerId: number, likedId: number, at: Date) =>
  db.update(likes).set({ withdrawnAt: at.toISOString() }).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), live));

export const likeBetween = (db: Db, likerId: number, likedId: number) =>
  db.query.likes.findFirst({ where: and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), live) });

/** Opening a profile clears the new-like flag of that member's like for me. */
export const markLikeSeen = (db: Db, likerId: number, likedId: number, at: Date) =>
  db.update(likes).set({ seenAt: at.toISOString() }).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), isNull(likes.seenAt), live));

/**
 * Both directions of one member's likes with the members it involves, visible ones only:
 * received likes new first then newest, given likes newest first.
 */
export async function likesOf(db: Db, memberId: number, companyId: number) {
  const visible = visibleMembers(companyId, memberId);
  const [received, given] = await db.batch([
    db
      .select({ ...cardColumns, seenAt: likes.seenAt })
      // CROSS JOIN keeps likes as the outer loop: SQLite would otherwise walk the whole pool
      .from(likes)
      .crossJoin(members)
      .where(and(eq(members.id, likes.likerId), eq(likes.likedId, memberId), live, visible))
      .orderBy(sql`${likes.seenAt} IS NOT NULL`, desc(likes.createdAt)),
    db
      .select(cardColumns)
      .from(likes)
      .crossJoin(members)
      .where(and(eq(members.id, likes.likedId), eq(likes.likerId, memberId), live, visible))
      .orderBy(desc(likes.createdAt)),
  ]);
  return { received, given };
}

/** The newest new like for the member, an automatic one first (the like overlay). */
export async function newestNewLike(db: Db, memberId: number, companyId: number) {
  const [row] = await db
    .select(cardColumns)
    .from(likes)
    .crossJoin(members)
    .where(and(eq(members.id, likes.likerId), eq(likes.likedId, memberId), isNull(likes.seenAt), live, visibleMembers(companyId, memberId)))
    .orderBy(sql`${likes.source} != 'auto'`, desc(likes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Gives back a like (the swipe quota refused it). */
export const dropLike = (db: Db, likerId: number, likedId: number) => db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));

/** The next swipe-game profile: this niche, of the wanted gender, not yet liked or passed. */
export async function nextSwipeProfile(db: Db, viewer: { id: number; companyId: number }, niche: number, gender: 'male' | 'female') {
  const [row] = await db
    .select(cardColumns)
    .from(members)
    .where(
      and(
        visibleMembers(viewer.companyId, viewer.id),
        eq(members.niche, niche),
        eq(members.gender, gender),
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

/** Is this member one the viewer may see (and so like)? */
export async function canSee(db: Db, viewer: { id: number; companyId: number }, id: number) {
  const [row] = await db.select({ id: members.id, niche: members.niche, gender: members.gender }).from(members).where(and(eq(members.id, id), visibleMembers(viewer.companyId, viewer.id))).limit(1);
  return row ?? null;
}

