import { and, eq, isNull, sql } from 'drizzle-orm';
import { likes } from '../db/schema';
import type { Db } from '../lib/db';

/** The like between two members: the profile view and the likes feature both read it. */
export type LikeSource = (typeof likes.$inferInsert)['source'];

/** A like that counts (not withdrawn). */
export const live = isNull(likes.withdrawnAt);

/**
 * A received like not yet seen (or, `false`, one seen), written as the expression of the index
 * likes_liked, so a member's new likes are one range of it however many seen ones there are.
 */
export const isNewLike = (fresh: boolean) => sql`(${likes.seenAt} IS NULL) = ${fresh ? 1 : 0}`;

export const likeBetween = (db: Db, likerId: number, likedId: number) =>
  db.query.likes.findFirst({ where: and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), live) });

/** Opening a profile clears the new-like flag of that member's like for me. */
export const markLikeSeen = (db: Db, likerId: number, likedId: number, at: Date) =>
  db
    .update(likes)
    .set({ seenAt: at.toISOString() })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), isNull(likes.seenAt), live));

/**
 * Idempotent: liking twice is one like; liking again after an unlike revives the old row, its
 * "seen" state included, so it cannot be made new again. Returns the row when this statement
 * made the like.
 */
export const insertLike = (db: Db, likerId: number, likedId: number, source: LikeSource, at: Date) =>
  db
    .insert(likes)
    .values({ likerId, likedId, source, createdAt: at.toISOString() })
    .onConflictDoUpdate({
      target: [likes.likerId, likes.likedId],
      set: { withdrawnAt: null },
      setWhere: sql`${likes.withdrawnAt} IS NOT NULL`,
    })
    .returning({ likerId: likes.likerId });

/** Does the other already like back? */
export const likesBack = (db: Db, likerId: number, likedId: number) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(likes)
    .where(and(eq(likes.likerId, likedId), eq(likes.likedId, likerId), live));
