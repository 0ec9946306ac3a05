import { and, eq, sql } from 'drizzle-orm';
import type { OwnPhoto } from '../contracts/photos';
import { members, photos } from '../db/schema';
import type { Db } from '../lib/db';

export type Photo = typeof photos.$inferSelect;

export const photoById = (db: Db, id: string) => db.query.photos.findFirst({ where: eq(photos.id, id) });

/** Active photos of a member, by upload. */
export const activePhotos = (db: Db, memberId: number) =>
  db
    .select()
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.status, 'active')))
    .orderBy(photos.createdAt);

/** A photo as its owner sees it: `match` is the path under the site's cdn_prefix (spec section 3). */
export const photoJson = (photo: Photo, mainId: string | null): OwnPhoto => ({
  id: photo.id,
  filename: photo.key,
  thumb_filename: photo.thumbKey || photo.key,
  status: photo.status === 'active' ? 'active' : 'pending',
  match: photo.key,
  main: photo.id === mainId,
  width: photo.width,
  height: photo.height,
});

/** Every R2 object of a photo: its display version (or, not yet versioned, the original) and its thumbnail. */
export const photoKeys = (photo: Pick<Photo, 'key' | 'thumbKey'>) =>
  photo.thumbKey && photo.thumbKey !== photo.key ? [photo.key, photo.thumbKey] : [photo.key];

/** A main photo that goes hands over to the member's newest remaining one, an approved one first. */
export const handOverMain = (db: Db, photo: Photo) =>
  db
    .update(members)
    .set({
      mainPhotoId: sql`(SELECT id FROM photos WHERE member_id = ${photo.memberId} AND status != 'removed' AND id != ${photo.id} ORDER BY status = 'active' DESC, created_at DESC LIMIT 1)`,
    })
    .where(and(eq(members.id, photo.memberId), eq(members.mainPhotoId, photo.id)));
