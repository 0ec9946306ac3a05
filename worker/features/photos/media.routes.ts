import { Hono } from 'hono';
import { hasBlocked, memberById } from '../../domain/members';
import { photoById } from '../../domain/photos';
import type { AppEnv } from '../../env';
import { AppError } from '../../lib/errors';
import { memberOf } from '../../middleware/session';
import { VERSION_TYPE } from '../../lib/photo-versions';

/**
 * Photos under the cdn_prefix, served with access control (spec sections 2 and 6): a visitor
 * sees only a member's main photo; a free member gets a locked answer, without image bytes, for
 * the others; premium members see all active photos; owners also see their own pending ones.
 * Only main photos may be kept by shared caches, revalidated on every use; everything else is
 * private to the viewer. Only this site's niche: another niche's photos answer 404.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/photos/:member{[0-9]+}/:file{[0-9a-f-]{36}(-[dt])?\\.(jpg|png|webp)}', async (c) => {
  const id = c.req.param('file').slice(0, 36);
  const db = c.get('db');
  // the viewer's session is looked up beside the photo's rows
  const viewerLookup = memberOf(c);
  const photo = await photoById(db, id);
  // Either version of a photo (display or thumbnail), under the same rules.
  const key = `photos/${c.req.param('member')}/${c.req.param('file')}`;
  if (
    !photo ||
    photo.status === 'removed' ||
    String(photo.memberId) !== c.req.param('member') ||
    (key !== photo.key && key !== photo.thumbKey)
  )
    throw new AppError('not_found_generic', 404);
  const owner = await memberById(db, photo.memberId);
  if (!owner || owner.status === 'deleted' || owner.companyId !== c.get('tenant').company_id) throw new AppError('not_found_generic', 404);

  const viewer = await viewerLookup;
  const own = viewer?.id === owner.id;
  // Another niche's member is nobody on this site, photos included (one's own show everywhere).
  if (!own && owner.niche !== c.get('tenant').niche) throw new AppError('not_found_generic', 404);
  // A member who blocked the viewer is hidden, photos included.
  if (viewer && !own && (await hasBlocked(db, owner.id, viewer.id))) throw new AppError('not_found_generic', 404);
  const isMain = owner.mainPhotoId === photo.id;
  let cache: string;
  if (own) cache = 'private, no-store';
  else if (photo.status !== 'active') throw new AppError('not_found_generic', 404);
  // Shared caches may keep a main photo but must ask the worker every time (no-cache): a changed,
  // removed or newly blocked photo is never served from a cache.
  else if (isMain) cache = 'public, no-cache';
  else if (viewer?.paidUser) cache = 'private, max-age=3600';
  else {
    c.header('Cache-Control', 'private, no-store');
    throw new AppError(viewer ? 'photo_locked' : 'authentication_required', 403);
  }

  const object = await c.env.PHOTOS.get(key, { onlyIf: c.req.raw.headers });
  if (!object) throw new AppError('not_found_generic', 404);
  const headers = { 'Cache-Control': cache, Vary: 'Cookie', ETag: object.httpEtag };
  if (!('body' in object)) return c.body(null, 304, headers); // the client's copy is current
  return c.body(object.body, 200, {
    ...headers,
    'Content-Type': key === photo.key ? photo.contentType : VERSION_TYPE,
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': 'inline',
  });
});
