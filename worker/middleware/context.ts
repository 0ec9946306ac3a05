import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { getDb } from '../lib/db';
import type { SettingsInput } from '../lib/site-settings';
import { siteSettings } from '../lib/tenants';

/** The request's database and its site's merged settings, once, for every handler to read. */
export const context: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('db', getDb(c.env.DB));
  c.set('settings', siteSettings(c.get('tenant')));
  await next();
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
