import { Hono } from 'hono';
import { photoDecisionInput, type PhotoDecisionAnswer } from '../../contracts/photos';
import { approvePhoto, photoById, photoKeys, removePhotoRows } from '../../domain/photos';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { sameSecret } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { validate } from '../../lib/validate';

/**
 * The operators' API, answered only on the operator host (never on a member site's host). Until
 * operator accounts exist, its one call is authorised by the OPERATOR_SECRET bearer token.
 */
export const operatorRoutes = new Hono<OperatorEnv>()
  .use(async (c, next) => {
    const secret = c.env.OPERATOR_SECRET;
    const given = (c.req.header('authorization') ?? '').replace(/^Bearer /, '');
    if (!secret || !(await sameSecret(given, secret))) throw new AppError('forbidden', 403);
    await next();
  })
  // Approve or remove a photo under inspection (a moderation console comes with operator accounts).
  .post('/photo.php', validate('json', photoDecisionInput), async (c) => {
    const { id, status } = c.req.valid('json');
    const db = c.get('db');
    const photo = await photoById(db, id);
    if (!photo) throw new AppError('not_found_generic', 404);
    // Only a photo under inspection is decided on; a removed one stays removed.
    if (photo.status !== 'pending' && !(photo.status === 'active' && status === 'removed')) throw new AppError('photo_decided', 409);
    if (status === 'active') {
      if (!(await approvePhoto(db, id, clock.now()))) throw new AppError('photo_decided', 409);
    } else {
      await db.batch([...removePhotoRows(db, photo, clock.now())]);
      await c.env.PHOTOS.delete(photoKeys(photo));
    }
    return c.json({ id, status } satisfies PhotoDecisionAnswer, 200);
  });
