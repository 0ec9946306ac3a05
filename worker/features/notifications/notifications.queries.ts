import { and, eq, sql } from 'drizzle-orm';
import type { NotificationChannel, NotificationType } from '../../contracts/notifications';
import { members, notificationSends, notificationSettings } from '../../db/schema';
import type { Db } from '../../lib/db';

/** Saves choices (type and channel → on or off), each an upsert, in one batch with whatever else is given. */
export const saveChoices = (
  db: Db,
  memberId: number,
  choices: { type: NotificationType; channel: NotificationChannel; enabled: boolean }[],
  at: Date,
) =>
  choices.map((c) =>
    db
      .insert(notificationSettings)
      .values({ memberId, type: c.type, channel: c.channel, enabled: c.enabled, updatedAt: at.toISOString() })
      .onConflictDoUpdate({
        target: [notificationSettings.memberId, notificationSettings.type, notificationSettings.channel],
        set: { enabled: c.enabled, updatedAt: at.toISOString() },
      }),
  );

export const setInvisible = (db: Db, memberId: number, invisible: boolean) =>
  db.update(members).set({ invisible }).where(eq(members.id, memberId));

/** Public pages (landers, campaign pages, landing page): allowed since `at`, or withdrawn (null). */
export const setPublicConsent = (db: Db, memberId: number, at: string | null) =>
  db.update(members).set({ publicConsentAt: at }).where(eq(members.id, memberId));

/** The member's last activity, now (the page-hidden beacon). */
export const touch = (db: Db, memberId: number, at: Date) =>
  db.update(members).set({ lastActiveAt: at.toISOString() }).where(eq(members.id, memberId));

/** A member of this company by id (an unsubscribe link's). */
export const companyMember = (db: Db, companyId: number, id: number) =>
  db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, companyId), sql`${members.status} != 'deleted'`) });

/** Erasure: the member's choices and the record of the notification mails they got. */
export const eraseNotifications = (db: Db, memberId: number) => [
  db.delete(notificationSettings).where(eq(notificationSettings.memberId, memberId)),
  db.delete(notificationSends).where(eq(notificationSends.memberId, memberId)),
];
