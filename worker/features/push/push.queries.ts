import { and, desc, eq, notInArray } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import { MAX_SUBSCRIPTIONS } from '../../domain/push';
import type { Db } from '../../lib/db';

export type NewSubscription = { memberId: number; endpoint: string; p256dh: string; auth: string; site: string; sessionHash: string; userAgent: string | null; createdAt: string };

/**
 * Registers a browser's subscription for this member and session, in one batch: the endpoint is
 * one browser, so registering it again (new keys, a new session, another member logging in on that
 * browser) moves the row; then only the member's newest MAX_SUBSCRIPTIONS are kept.
 */
export const saveSubscription = (db: Db, s: NewSubscription) =>
  db.batch([
    db
      .insert(pushSubscriptions)
      .values(s)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { memberId: s.memberId, p256dh: s.p256dh, auth: s.auth, site: s.site, sessionHash: s.sessionHash, userAgent: s.userAgent, createdAt: s.createdAt },
      }),
    db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.memberId, s.memberId),
          notInArray(
            pushSubscriptions.id,
            db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, s.memberId)).orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id)).limit(MAX_SUBSCRIPTIONS),
          ),
        ),
      ),
  ]);

/** The member's own subscription of this endpoint goes; answers whether there was one. */
export const deleteSubscription = async (db: Db, memberId: number, endpoint: string) =>
  (await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint))).returning({ id: pushSubscriptions.id })).length > 0;

export const erasePushSubscriptions = (db: Db, memberId: number) => [db.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))];
