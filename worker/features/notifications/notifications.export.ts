import { eq } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS, NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES } from '../../contracts/notifications.values';
import { notificationSends, notificationSettings } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

/**
 * The notification preferences as they apply (a stored choice, else the default), the consents
 * among them (the marketing types, which need an opt-in) with when they were given or taken back,
 * and the record of notification mails sent.
 */
export async function exportNotifications({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [choices, sends] = await db.batch([
    db.select().from(notificationSettings).where(eq(notificationSettings.memberId, memberId)),
    db
      .select({ kind: notificationSends.kind, at: notificationSends.at })
      .from(notificationSends)
      .where(eq(notificationSends.memberId, memberId)),
  ]);
  const chosen = (type: string, channel: string) => choices.find((c) => c.type === type && c.channel === channel);
  const preferences = NOTIFICATION_TYPES.map((type) => ({
    type,
    ...Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, chosen(type, channel)?.enabled ?? NOTIFICATION_DEFAULTS[type]])),
  }));
  const consents = choices
    .filter((c) => !NOTIFICATION_DEFAULTS[c.type])
    .map((c) => ({ type: c.type, channel: c.channel, given: c.enabled, at: c.updatedAt }));
  return [
    { path: 'notification-preferences.json', json: { preferences, notifications_sent: sends } },
    { path: 'consents.json', json: consents },
  ];
}
