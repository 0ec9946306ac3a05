import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { members, photos } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { getDb } from '../../lib/db';
import { checkImage } from '../../lib/images';
import { requireMember } from '../../lib/session';
import { validate } from '../../lib/validate';
import { AppError } from '../../middleware/errors';
import { userBody } from '../account/account.service';
import { deletePhotoRows, insertPhotoWithinLimit, memberPhotos, photoById, photoLimit, removePhotoRows } from './photos.queries';
import { photoJson } from './photos.service';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const photoId = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });

/** Only the owner's own, not removed photos; anything else is simply not found. */
async function ownPhoto(c: Parameters<typeof requireMember>[0], id: string) {
  const member = await requireMember(c);
  const photo = await photoById(getDb(c.env.DB), id);
  if (!photo || photo.memberId !== member.id || photo.status === 'removed') throw new AppError('not_found_generic', 404);
  return { member, photo };
}

async function photosBody(c: Parameters<typeof requireMember>[0], memberId: number) {
  const db = getDb(c.env.DB);
  const member = (await db.query.members.findFirst({ where: eq(members.id, memberId) }))!;
  const list = await memberPhotos(db, memberId);
  return {
    photos: list.map((p) => photoJson(p, member.mainPhotoId)),
    limit: photoLimit(member.paidUser),
    ...(await userBody(c, member)),
  };
}

export const photoRoutes = new Hono<AppEnv>()
  .get('/photos.php', async (c) => {
    const member = await requireMember(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await photosBody(c, member.id), 200);
  })
  .post('/photo.php', bodyLimit({ maxSize: MAX_PHOTO_BYTES + 64 * 1024, onError: () => { throw new AppError('invalid_photo', 413); } }), async (c) => {
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

    const db = getDb(c.env.DB);
    const limit = photoLimit(member.paidUser);
    if ((await memberPhotos(db, member.id)).length >= limit) throw new AppError('photo_limit', 400, { limit });
    const id = crypto.randomUUID();
    const key = `photos/${member.id}/${id}.${image.format}`;
    const contentType = `image/${image.format === 'jpg' ? 'jpeg' : image.format}`;
    await c.env.PHOTOS.put(key, image.bytes, { httpMetadata: { contentType } });
    try {
      const [insert] = await c.env.DB.batch(
        insertPhotoWithinLimit(
          c.env.DB,
          { id, memberId: member.id, key, contentType, width: image.width, height: image.height, bytes: image.bytes.length, createdAt: clock.now().toISOString() },
          limit,
        ),
      );
      if (insert?.meta.changes !== 1) throw new AppError('photo_limit', 400, { limit }); // a concurrent upload got there first
    } catch (error) {
      await c.env.PHOTOS.delete(key);
      throw error;
    }
    return c.json(await photosBody(c, member.id), 201);
  })
  .put('/photo.php', validate('json', photoId.extend({ main: z.literal(true) })), async (c) => {
    const { member, photo } = await ownPhoto(c, c.req.valid('json').id);
    // Only while the photo still exists: a concurrent delete or removal must not leave a dangling main.
    const [updated] = await getDb(c.env.DB)
      .update(members)
      .set({ mainPhotoId: photo.id })
      .where(and(eq(members.id, member.id), sql`EXISTS (SELECT 1 FROM photos WHERE photos.id = ${photo.id} AND photos.member_id = ${member.id} AND photos.status != 'removed')`))
      .returning({ id: members.id });
    if (!updated) throw new AppError('not_found_generic', 404);
    return c.json(await photosBody(c, member.id), 200);
  })
  .delete('/photo.php', validate('json', photoId), async (c) => {
    const { member, photo } = await ownPhoto(c, c.req.valid('json').id);
    const db = getDb(c.env.DB);
    await db.batch([...deletePhotoRows(db, photo)]);
    await c.env.PHOTOS.delete(photo.key);
    return c.json(await photosBody(c, member.id), 200);
  })
  // Operators approve or remove a photo under inspection (a moderation console comes later).
  .post('/operator/photo.php', validate('json', photoId.extend({ status: z.enum(['active', 'removed']) })), async (c) => {
    const secret = c.env.OPERATOR_SECRET;
    const given = (c.req.header('authorization') ?? '').replace(/^Bearer /, '');
    if (!secret || !(await sameSecret(given, secret))) throw new AppError('forbidden', 403);
    const { id, status } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const photo = await photoById(db, id);
    if (!photo) throw new AppError('not_found_generic', 404);
    // Only a photo under inspection is decided on; a removed one stays removed.
    if (photo.status !== 'pending' && !(photo.status === 'active' && status === 'removed')) throw new AppError('photo_decided', 409);
    if (status === 'active') {
      const [done] = await db.update(photos).set({ status, reviewedAt: clock.now().toISOString() }).where(and(eq(photos.id, id), eq(photos.status, 'pending'))).returning({ id: photos.id });
      if (!done) throw new AppError('photo_decided', 409);
    } else {
      await db.batch([...removePhotoRows(db, photo, clock.now())]);
      await c.env.PHOTOS.delete(photo.key);
    }
    return c.json({ id, status }, 200);
  });

/** Compares secrets by their SHA-256 so the time taken says nothing about the secret. */
async function sameSecret(a: string, b: string) {
  const digest = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return x.every((v, i) => v === y[i]);
}
