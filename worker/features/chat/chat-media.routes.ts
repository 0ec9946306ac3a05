import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { AppError } from '../../lib/errors';
import { memberOf } from '../../middleware/session';
import { contentTypeOf, type ImageFormat } from '../../lib/images';
import { imageForViewer } from './chat.queries';

/**
 * Images sent in the chat, under the cdn_prefix (`/media/chat/<conversation>/<uuid>.<ext>`): only
 * to the two members of the conversation, while the viewer may still see the message (not past
 * what they deleted) and the other member (nobody blocked either way, on this site's niche).
 * A visitor gets 403 authentication_required, anyone else 404. The access check is one D1 query
 * (the message by its key, with the viewer's side and the other member), the bytes one R2 read
 * that answers 304 when the client's copy is current. Private to the viewer, never in a shared cache.
 */
export const chatMediaRoutes = new Hono<AppEnv>().get(
  '/chat/:conversation{[0-9]{1,16}}/:file{[0-9a-f-]{36}(-t)?\\.(jpg|png|webp)}',
  async (c) => {
    c.header('Cache-Control', 'private, no-store'); // for the refusals; an image sets its own
    const viewer = await memberOf(c);
    if (!viewer) throw new AppError('authentication_required', 403);
    const key = `chat/${c.req.param('conversation')}/${c.req.param('file')}`;
    // a thumbnail (`<uuid>-t.webp`) is found by its display version's key and must be that message's
    const thumb = /-t\.webp$/.test(key);
    const [visible] = await imageForViewer(c.get('db'), viewer, c.get('tenant').niche, thumb ? key.replace(/-t\.webp$/, '.webp') : key);
    if (!visible || (thumb && visible.thumbKey !== key)) throw new AppError('not_found_generic', 404);

    const object = await c.env.PHOTOS.get(key, { onlyIf: c.req.raw.headers });
    if (!object) throw new AppError('not_found_generic', 404);
    const headers = { 'Cache-Control': 'private, max-age=3600', Vary: 'Cookie', ETag: object.httpEtag };
    if (!('body' in object)) return c.body(null, 304, headers); // the client's copy is current
    return c.body(object.body, 200, {
      ...headers,
      'Content-Type': contentTypeOf(key.slice(key.lastIndexOf('.') + 1) as ImageFormat),
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Content-Disposition': 'inline',
    });
  },
);
