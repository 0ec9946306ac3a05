import { and, desc, eq, notInArray, or } from 'drizzle-orm';
import { pushSubscriptions } from '../../db/schema';
import { MAX_SUBSCRIPTIONS } from '../../domain/push';
import type { Db } from '../../lib/db';

export type NewSubscription = {
  memberId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  site: string;
  sessionHash: string;
  userAgent: string | null;
  createdAt: string;
};

/**
 * Registers a browser's subscription for this member and session, in one batch: the endpoint is
 * one browser, so registering it again moves the row: the same member (a new session, new keys:
 * browsers rotate them) always, another member (logging in on that browser) only with the keys the
 * row has, which only that browser knows; an endpoint URL alone takes nothing over. Then only the
 * member's newest MAX_SUBSCRIPTIONS are kept. Answers whether the subscription is this member's now
 * (false: another member's, the keys differ).
 */
export const saveSubscription = async (db: Db, s: NewSubscription) => {
  const [saved] = await db.batch([
    db
      .insert(pushSubscriptions)
      .values(s)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          memberId: s.memberId,
          p256dh: s.p256dh,
          auth: s.auth,
          site: s.site,
          sessionHash: s.sessionHash,
          userAgent: s.userAgent,
          createdAt: s.createdAt,
        },
        setWhere: or(
          eq(pushSubscriptions.memberId, s.memberId),
          and(eq(pushSubscriptions.p256dh, s.p256dh), eq(pushSubscriptions.auth, s.auth)),
        ),
      })
      .returning({ id: pushSubscriptions.id }),
    db.delete(pushSubscriptions).where(
      and(
        eq(pushSubscriptions.memberId, s.memberId),
        // eslint-disable-next-line no-restricted-syntax -- bounded: a subquery: no value is bound
        notInArray(
          pushSubscriptions.id,
          db
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.memberId, s.memberId))
            .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
            .limit(MAX_SUBSCRIPTIONS),
        ),
      ),
    ),
  ]);
  return saved.length > 0;
};

/** The member's own subscription of this endpoint goes; answers whether there was one. */
export const deleteSubscription = async (db: Db, memberId: number, endpoint: string) =>
  (
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id })
  ).length > 0;

export const erasePushSubscriptions = (db: Db, memberId: number) => [
  db.delete(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId)),
];
