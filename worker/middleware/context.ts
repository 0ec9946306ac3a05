import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getCookie, setCookie } from 'hono/cookie';
import { getDb, getReplicaDb, inD1Sessions, traceSql, validBookmark } from '../lib/db';
import type { SettingsInput } from '../lib/site-settings';
import { siteSettings } from '../lib/tenants';

/** The cookie carrying the member's last write's D1 bookmark: their reads from a replica are never older than it. */
export const BOOKMARK_COOKIE = 'd1b';

/**
 * The request's database handles and its site's merged settings, once, for every handler to read.
 * `db` writes and reads current data (D1's primary); `replica` is for the reads that may lag a
 * moment (search, profiles, likes and chat lists: docs/decisions, "Reads near the member"). The
 * request runs in its D1 sessions; after a write the new bookmark goes into the browser's cookie,
 * so the member's next replica read sees what they just did.
 */
export const context: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.env.SQL_TRACE) traceSql();
  c.set('db', getDb(c.env.DB));
  c.set('replica', getReplicaDb(c.env.DB));
  c.set('settings', siteSettings(c.get('tenant')));
  const bookmark = validBookmark(getCookie(c, BOOKMARK_COOKIE));
  const written = await inD1Sessions(c.env.DB, bookmark, next);
  // a GET writes nothing another page must see at once (a read mark at most): only other methods move the bookmark
  if (written && c.req.method !== 'GET' && c.req.method !== 'HEAD')
    setCookie(c, BOOKMARK_COOKIE, written, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      path: '/',
      maxAge: 3600,
    });
};

/** What the site's settings (lib/site-settings buildSettings, settingsJson) depend on in this request. */
export const settingsInputOf = (c: Context<AppEnv>): SettingsInput => ({
  tenant: c.get('tenant'),
  company: c.get('company'),
  host: c.get('host'),
  locale: c.get('locale'),
  country: c.get('country'),
  vapidPublicKey: c.env.VAPID_PUBLIC_KEY,
});
