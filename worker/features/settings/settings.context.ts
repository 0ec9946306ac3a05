import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import type { SettingsInput } from './settings.service';

export const settingsInput = (c: Context<AppEnv>): SettingsInput => ({
  tenant: c.get('tenant'),
  company: c.get('company'),
  host: c.get('host'),
  locale: c.get('locale'),
  country: c.get('country'),
  vapidPublicKey: c.env.VAPID_PUBLIC_KEY,
});
