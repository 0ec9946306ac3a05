import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { members, photos } from '../../db/schema';
import { handOverMain, photoKeys, type Photo } from '../../domain/photos';
import type { Db } from '../../lib/db';

export const memberPhotos = (db: Db, memberId: number) =>
  db
    .select()
    .from(photos)
    .where(and(eq(photos.memberId, memberId), ne(photos.status, 'removed')))
    .orderBy(photos.createdAt);

/** The member's photos a moderator removed, with the statement of reasons, newest first. */
export const removedPhotos = (db: Db, memberId: number) =>
  db
    .select({ id: photos.id, reason: photos.removalReason, note: photos.removalNote, removedAt: photos.reviewedAt })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.status, 'removed')))
    .orderBy(desc(photos.reviewedAt))
    .limit(25);

/**
 * Inserts a photo only while the member is under the limit: one statement, so concurrent
 * uploads cannot pass it together. The first photo becomes the main one in the same batch.
 * (Plain D1 statements: drizzle cannot express INSERT … SELECT … WHERE with bound values.)
 */
export function insertPhotoWithinLimit(
  d1: D1Database,
  photo: Omit<Photo, 'status' | 'reviewedAt' | 'reviewedBy' | 'removalReason' | 'removalNote'>,
  limit: number,
) {
  return [
    d1
      .prepare(
        `INSERT INTO photos (id, member_id, key, thumb_key, content_type, width, height, bytes, preview, status, created_at)
         SELECT ?1, ?2, ?3, ?10, ?4, ?5, ?6, ?7, ?11, 'pending', ?8
         WHERE (SELECT count(*) FROM photos WHERE member_id = ?2 AND status != 'removed') < ?9`,
      )
      .bind(
        photo.id,
        photo.memberId,
        photo.key,
        photo.contentType,
        photo.width,
        photo.height,
        photo.bytes,
        photo.createdAt,
        limit,
        photo.thumbKey,
        photo.preview,
      ),
    d1
      .prepare(
        'UPDATE members SET main_photo_id = ?1 WHERE id = ?2 AND main_photo_id IS NULL AND EXISTS (SELECT 1 FROM photos WHERE id = ?1)',
      )
      .bind(photo.id, photo.memberId),
  ];
}

/** Makes a photo the main one, only while it still exists (a concurrent delete must not leave a dangling main). */
export const chooseMain = (db: Db, memberId: number, photoId: string) =>
  db
    .update(members)
    .set({ mainPhotoId: photoId })
    .where(
      and(
        eq(members.id, memberId),
        sql`EXISTS (SELECT 1 FROM photos WHERE photos.id = ${photoId} AND photos.member_id = ${memberId} AND photos.status != 'removed')`,
      ),
    )
    .returning({ id: members.id });

/** The owner deletes a photo: the row goes. */
export const deletePhotoRows = (db: Db, photo: Photo) =>
  [db.delete(photos).where(eq(photos.id, photo.id)), handOverMain(db, photo)] as const;

/** Erasure: the files of every photo of the member, then their rows. */
export async function erasePhotos(db: Db, bucket: R2Bucket, memberId: number) {
  const keys = (await db.select({ key: photos.key, thumbKey: photos.thumbKey }).from(photos).where(eq(photos.memberId, memberId))).flatMap(
    photoKeys,
  );
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000)); // R2 deletes at most 1,000 keys a call
  return [db.delete(photos).where(eq(photos.memberId, memberId))];
}

/** Photos the versions job has yet to do (not removed), oldest first. */
export const unversionedPhotos = (db: Db, limit: number) =>
  db
    .select()
    .from(photos)
    .where(and(isNull(photos.thumbKey), ne(photos.status, 'removed')))
    .orderBy(photos.createdAt)
    .limit(limit);

/**
 * A photo's versions are in: the row now names them, only if nobody did it meanwhile (the job is
 * idempotent and may overlap itself). True when this call wrote it.
 */
export async function setVersions(
  db: Db,
  id: string,
  row: Pick<Photo, 'key' | 'thumbKey' | 'contentType' | 'width' | 'height' | 'bytes'> & Partial<Pick<Photo, 'preview'>>,
) {
  const done = await db
    .update(photos)
    .set(row)
    .where(and(eq(photos.id, id), isNull(photos.thumbKey)))
    .returning({ id: photos.id });
  return done.length === 1;
}

/** Versioned photos without a locked preview yet (from before the previews; not removed), oldest first. */
export const photosWithoutPreview = (db: Db, limit: number) =>
  db
    .select({ id: photos.id, thumbKey: photos.thumbKey, width: photos.width, height: photos.height })
    .from(photos)
    .where(and(isNull(photos.preview), isNotNull(photos.thumbKey), ne(photos.thumbKey, ''), ne(photos.status, 'removed')))
    .orderBy(photos.createdAt)
    .limit(limit);

/** A photo's locked preview ('' when its thumbnail could not be read: not tried again), only if it had none. */
export const setPreview = (db: Db, id: string, preview: string) =>
  db
    .update(photos)
    .set({ preview })
    .where(and(eq(photos.id, id), isNull(photos.preview)));
