import * as z from 'zod';
import { MAIL_DISABLED_REASONS, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from './notifications.values';
import { issue } from './errors';

export { MAIL_DISABLED_REASONS, NOTIFICATION_CHANNELS, NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from './notifications.values';
export { ONLINE_MINUTES } from './profiles.values';
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type MailDisabledReason = (typeof MAIL_DISABLED_REASONS)[number];
export type NotificationPreferences = Record<NotificationChannel, Record<NotificationType, boolean>>;

const channelChoices = z.strictObject(
  Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.boolean().optional()])) as Record<NotificationType, z.ZodOptional<z.ZodBoolean>>,
);

/**
 * PUT /api/notifications.php: any of the choices per channel and type, invisible mode (premium
 * members only: 403 premium_required otherwise), and whether the profile may appear on the site's
 * public pages (`public_profile`, any member). What is left out stays as it was.
 */
export const notificationsInput = z.strictObject({
  preferences: z.strictObject({ email: channelChoices.optional(), push: channelChoices.optional() }).optional(),
  invisible: z.boolean({ error: issue('invalid_request') }).optional(),
  public_profile: z.boolean({ error: issue('invalid_request') }).optional(),
});
export type NotificationsInput = z.input<typeof notificationsInput>;

/** GET and PUT /api/notifications.php answer every choice (defaults filled in), invisible mode and whether mail is switched off, and why. */
export type NotificationsAnswer = {
  preferences: NotificationPreferences;
  invisible: boolean;
  /** Only premium members may switch invisible mode on. */
  invisible_allowed: boolean;
  /**
   * The member allowed their profile (photo, name, age, place) on the site's public pages: the
   * landers, the campaign pages and the landing page. Off until they switch it on.
   */
  public_profile: boolean;
  notifications_disabled: string[];
};

/** POST /api/unsubscribe.php: the token of a mail's unsubscribe link (`<member>.<type>.<signature>`); `enabled: true` undoes it. */
export const unsubscribeInput = z.strictObject({
  token: z.string({ error: issue('link_invalid') }).max(200, issue('link_invalid')),
  enabled: z.boolean().optional(),
});
export type UnsubscribeAnswer = { type: NotificationType; enabled: boolean; site_name: string };

/** POST /api/page-hidden.php: an empty JSON body. */
export const pageHiddenInput = z.strictObject({});
export type PageHiddenAnswer = { ok: true };
