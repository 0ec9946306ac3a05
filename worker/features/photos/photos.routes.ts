import { Hono, type Context } from 'hono';
import { deletePhotoInput, mainPhotoInput, MAX_PHOTO_BYTES, PHOTO_LIMITS, type PhotosAnswer } from '../../contracts/photos';
import { memberById } from '../../domain/members';
import { photoById, photoJson, photoKeys } from '../../domain/photos';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { bodyLimit } from '../../middleware/body-limit';
import { checkImage } from '../../lib/images';
import { storeVersions, VERSION_TYPE, versionKeys, versionsOf } from '../../lib/photo-versions';
import { validate } from '../../middleware/validate';
import { requireMember } from '../../middleware/session';
import { chooseMain, deletePhotoRows, insertPhotoWithinLimit, memberPhotos, removedPhotos } from './photos.queries';

export const photoLimit = (paidUser: boolean) => (paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free);

/** Only the owner's own, not removed photos; anything else is simply not found. */
async function ownPhoto(c: Context<AppEnv>, id: string) {
  const member = await requireMember(c);
  const photo = await photoById(c.get('db'), id);
  if (!photo || photo.memberId !== member.id || photo.status === 'removed') throw new AppError('not_found_generic', 404);
  return { member, photo };
}

async function photosBody(c: Context<AppEnv>, memberId: number): Promise<PhotosAnswer> {
  const db = c.get('db');
  const member = (await memberById(db, memberId))!;
  const [list, removed] = await Promise.all([memberPhotos(db, memberId), removedPhotos(db, memberId)]);
  return {
    photos: list.map((p) => photoJson(p, member.mainPhotoId)),
    limit: photoLimit(member.paidUser),
    removed: removed.map((r) => ({ id: r.id, reason: r.reason ?? 'other', note: r.note, removed_at: r.removedAt ?? '' })),
    ...(await userBody(db, member, c.get('tenant').niche)),
  };
}

export const photoRoutes = new Hono<AppEnv>()
  .get('/photos.php', async (c) => {
    const member = await requireMember(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await photosBody(c, member.id), 200);
  })
  .post('/photo.php', bodyLimit(MAX_PHOTO_BYTES + 64 * 1024, 'invalid_photo'), async (c) => {
    const member = await requireMember(c);
    let file: unknown;
    try {
      file = (await c.req.parseBody())['photo'];
    } catch {
      throw new AppError('invalid_photo', 400);
    }
    if (!(file instanceof File) || file.size === 0 || file.size > MAX_PHOTO_BYTES) throw new AppError('invalid_photo', 400);
    const image = checkImage(new Uint8Array(await file.arrayBuffer()));
    if (typeof image === 'string') throw new AppError(image === 'bad_dimensions' ? 'photo_dimensions' : 'invalid_photo', 400);

    const limit = photoLimit(member.paidUser);
    if ((await memberPhotos(c.get('db'), member.id)).length >= limit) throw new AppError('photo_limit', 400, { limit });
    // The upload itself is not kept: what is stored are the display version and the thumbnail.
    const id = crypto.randomUUID();
    const versions = await versionsOf(c.env.IMAGES, image);
    const keys = versionKeys(`photos/${member.id}/${id}`);
    await storeVersions(c.env.PHOTOS, keys, versions);
    try {
      const [insert] = await c.env.DB.batch(
        insertPhotoWithinLimit(
          c.env.DB,
          {
            id,
            memberId: member.id,
            key: keys.display,
            thumbKey: keys.thumb,
            contentType: VERSION_TYPE,
            width: versions.display.width,
            height: versions.display.height,
            bytes: versions.display.bytes.length,
            preview: versions.preview,
            createdAt: clock.now().toISOString(),
          },
          limit,
        ),
      );
      if (insert?.meta.changes !== 1) throw new AppError('photo_limit', 400, { limit }); // a concurrent upload got there first
    } catch (error) {
      await c.env.PHOTOS.delete([keys.display, keys.thumb]);
      throw error;
    }
    return c.json(await photosBody(c, member.id), 201);
  })
  .put('/photo.php', validate('json', mainPhotoInput), async (c) => {
    const { member, photo } = await ownPhoto(c, c.req.valid('json').id);
    const [updated] = await chooseMain(c.get('db'), member.id, photo.id);
    if (!updated) throw new AppError('not_found_generic', 404);
    return c.json(await photosBody(c, member.id), 200);
  })
  .delete('/photo.php', validate('json', deletePhotoInput), async (c) => {
    const { member, photo } = await ownPhoto(c, c.req.valid('json').id);
    const db = c.get('db');
    await db.batch([...deletePhotoRows(db, photo)]);
    await c.env.PHOTOS.delete(photoKeys(photo));
    return c.json(await photosBody(c, member.id), 200);
  });
