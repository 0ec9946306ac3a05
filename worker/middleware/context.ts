import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../lib/db';
import { siteSettings } from '../lib/tenants';

/** The request's database and its site's merged settings, once, for every handler to read. */
export const context: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('db', getDb(c.env.DB));
  c.set('settings', siteSettings(c.get('tenant')));
  await next();
};
