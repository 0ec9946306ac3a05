import { and, eq, ne, sql } from 'drizzle-orm';
import { members, photos } from '../../db/schema';
import type { Db } from '../../lib/db';

export type Photo = typeof photos.$inferSelect;
/** Spec sections 1 and 9: free members up to 3 photos, premium members up to 25. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
export const photoLimit = (paidUser: boolean) => (paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free);

export const photoById = (db: Db, id: string) => db.query.photos.findFirst({ where: eq(photos.id, id) });

export const memberPhotos = (db: Db, memberId: number) =>
  db.select().from(photos).where(and(eq(photos.memberId, memberId), ne(photos.status, 'removed'))).orderBy(photos.createdAt);

/**
 * Inserts a photo only while the member is under the limit: one statement, so concurrent
 * uploads cannot pass it together. The first photo becomes the main one in the same batch.
 * (Plain D1 statements: drizzle cannot express INSERT … SELECT … WHERE with bound values.)
 */
export function insertPhotoWithinLimit(d1: D1Database, photo: Omit<Photo, 'status' | 'reviewedAt'>, limit: number) {
  return [
    d1
      .prepare(
        `INSERT INTO photos (id, member_id, key, content_type, width, height, bytes, status, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'pending', ?8
         WHERE (SELECT count(*) FROM photos WHERE member_id = ?2 AND status != 'removed') < ?9`,
      )
      .bind(photo.id, photo.memberId, photo.key, photo.contentType, photo.width, photo.height, photo.bytes, photo.createdAt, limit),
    d1
      .prepare('UPDATE members SET main_photo_id = ?1 WHERE id = ?2 AND main_photo_id IS NULL AND EXISTS (SELECT 1 FROM photos WHERE id = ?1)')
      .bind(photo.id, photo.memberId),
  ];
}

/** A main photo that goes hands over to the member's newest remaining one, an approved one first. */
const handOverMain = (db: Db, photo: Photo) =>
  db
      .update(members)
      .set({
        mainPhotoId: sql`(SELECT id FROM photos WHERE member_id = ${photo.memberId} AND status != 'removed' AND id != ${photo.id} ORDER BY status = 'active' DESC, created_at DESC LIMIT 1)`,
      })
      .where(and(eq(members.id, photo.memberId), eq(members.mainPhotoId, photo.id)));

/** The owner deletes a photo: the row goes. */
export const deletePhotoRows = (db: Db, photo: Photo) => [db.delete(photos).where(eq(photos.id, photo.id)), handOverMain(db, photo)] as const;

/** An operator removes a photo: the row stays, marked removed, for the record. */
export const removePhotoRows = (db: Db, photo: Photo, at: Date) =>
  [db.update(photos).set({ status: 'removed', reviewedAt: at.toISOString() }).where(eq(photos.id, photo.id)), handOverMain(db, photo)] as const;
