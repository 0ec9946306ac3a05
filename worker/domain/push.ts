import { noticeStateOf, wantsNotification, type MessageNoticeState } from './notifications';
import type { NotificationType } from '../contracts/notifications';
import { and, desc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import type { PushPayload } from '../contracts/push';
import { members, pushSubscriptions, sessions } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from '../lib/clock';
import { backoffSeconds } from '../lib/deliveries';
import type { Db } from '../lib/db';
import { isViewing } from '../lib/live';
import { eachLimited, pushEndpointAllowed, PUSH_LIMIT, pushLimitKey, sendPush, pushText, vapidOf, type PushOptions } from '../lib/push';
import { takeUses } from '../lib/rate-limit';
import { siteSettings, tenantBySlug } from '../lib/tenants';

/** The notification preference types of spec section 3 (the keys of the notification settings). */
/** The notification types of spec section 3 (the member's preferences per type and channel). */
export type PushType = NotificationType;

/** What happened, for the text and the screen a click opens. */
export type PushEvent =
  | { kind: 'message'; conversation: number; from: { id: number; name: string } }
  | { kind: 'like' | 'match'; from: { id: number; name: string } };

/** `limited`: pushes not sent because the member had all PUSH_LIMIT allows this minute. */
export type PushResult = {
  sent: number;
  removed: number;
  failed: number;
  limited?: number;
  skipped?: 'not_wanted' | 'viewing' | 'no_subscriptions' | 'not_configured' | 'rate_limited';
};

/** A member keeps at most this many subscriptions (browsers and sites); a new one pushes the oldest out. */
export const MAX_SUBSCRIPTIONS = 20;
/** Pushes in flight at once for one event: a Worker holds 6 connections open at a time. */
const PARALLEL = 6;

/**
 * The notification in the member's language: title and body from locales/mail (`push.*`), one tag
 * per conversation or member (a newer notification replaces the older one), the screen to open.
 * Nothing of a message's text: a lock screen shows the notification to whoever holds the phone.
 */
function payloadOf(type: PushType, event: PushEvent, locale: string): { payload: PushPayload; options: Omit<PushOptions, 'subject'> } {
  const name = event.from.name;
  const icon = '/notification-icon.png';
  if (event.kind === 'message') {
    const key = type === 'new_conversation' ? 'new_conversation' : 'new_message';
    return {
      payload: {
        title: pushText(locale, `${key}.title`, { name }),
        body: pushText(locale, `${key}.body`, { name }),
        tag: `conversation-${event.conversation}`,
        url: `/chats/${event.conversation}`,
        icon,
      },
      options: { ttl: 86400, urgency: 'high', topic: `c${event.conversation}` },
    };
  }
  return {
    payload: {
      title: pushText(locale, `${event.kind}.title`, { name }),
      body: pushText(locale, `${event.kind}.body`, { name }),
      tag: `${event.kind}-${event.from.id}`,
      url: event.kind === 'like' ? `/likes/m/${event.from.id}` : `/members/${event.from.id}/chat`,
      icon,
    },
    options: { ttl: 86400, urgency: 'normal', topic: `${event.kind === 'like' ? 'l' : 'm'}${event.from.id}` },
  };
}

/**
 * A member's subscriptions whose session still lives (a browser that logged out gets nothing),
 * newest first; at most MAX_SUBSCRIPTIONS, kept so when one is saved (push.queries).
 */
const liveSubscriptions = (db: Db, memberId: number, now: string) =>
  db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      site: pushSubscriptions.site,
    })
    .from(pushSubscriptions)
    .innerJoin(
      sessions,
      and(
        eq(sessions.tokenHash, pushSubscriptions.sessionHash),
        eq(sessions.memberId, pushSubscriptions.memberId),
        gt(sessions.expiresAt, now),
      ),
    )
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(desc(pushSubscriptions.createdAt));

/** The subscriptions of sessions that ended (logout, expiry, password change, deletion): never used again. */
const deleteEnded = (db: Db, memberId: number, now: string) =>
  db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.memberId, memberId),
      notExists(
        db
          .select({ one: sql`1` })
          .from(sessions)
          .where(and(eq(sessions.tokenHash, pushSubscriptions.sessionHash), eq(sessions.memberId, memberId), gt(sessions.expiresAt, now))),
      ),
    ),
  );

/**
 * Every push goes through here: the member's live subscriptions get the event, each encrypted
 * for its browser; subscriptions the push service no longer knows (404, 410) are deleted. A new
 * message is not pushed while one of the member's tabs shows its conversation. Answers counts.
 */
export async function notifyPush(env: Bindings, db: Db, memberId: number, type: PushType, event: PushEvent): Promise<PushResult> {
  // the member's preference for this type on the push channel first (and an active, real member)
  if (!(await wantsNotification(db, memberId, type, 'push'))) return { sent: 0, removed: 0, failed: 0, skipped: 'not_wanted' };
  const vapid = vapidOf(env);
  if (!vapid) {
    console.error('push: VAPID_PRIVATE_KEY is not set; no pushes are sent');
    return { sent: 0, removed: 0, failed: 0, skipped: 'not_configured' };
  }
  if (event.kind === 'message' && (await isViewing(env, memberId, event.conversation)))
    return { sent: 0, removed: 0, failed: 0, skipped: 'viewing' };
  const now = clock.now().toISOString();
  const [[member], , live] = await db.batch([
    db.select({ language: members.language }).from(members).where(eq(members.id, memberId)),
    deleteEnded(db, memberId, now),
    liveSubscriptions(db, memberId, now),
  ]);
  if (!member || !live.length) return { sent: 0, removed: 0, failed: 0, skipped: 'no_subscriptions' };
  // a row naming no allowed push service (saved before the list, or altered) is deleted, never posted to
  const usable = live.filter((t) => pushEndpointAllowed(t.endpoint, env.ENVIRONMENT));
  const unusable = live.filter((t) => !usable.includes(t)).map((t) => t.id);
  // the newest browsers first, as many as the member's pushes this minute leave room for
  const room = await takeUses(db, pushLimitKey(memberId), usable.length, PUSH_LIMIT, clock.now());
  const targets = usable.slice(0, room);
  const limited = usable.length - targets.length;
  if (limited) console.warn(JSON.stringify({ level: 'warn', message: 'push: per-minute limit reached', member: memberId, limited }));
  const { payload, options } = payloadOf(type, event, member.language);
  const subjectOf = (target: (typeof targets)[number]) => {
    const site = tenantBySlug(target.site);
    return `mailto:${site ? siteSettings(site).support_email : 'support@example.com'}`;
  };
  const outcomes = await eachLimited(targets, PARALLEL, (target) =>
    sendPush(target, payload, vapid, { ...options, subject: subjectOf(target) }, env.ENVIRONMENT),
  );
  const gone = [...unusable, ...targets.filter((_, i) => outcomes[i] === 'gone').map((t) => t.id)];
  if (gone.length)
    // eslint-disable-next-line no-restricted-syntax -- bounded: a member has at most MAX_SUBSCRIPTIONS (20)
    await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), inArray(pushSubscriptions.id, gone)));
  // a push service that failed for now (429, 5xx, no answer) gets the push again from the deliveries queue, with backoff
  const failed = targets.filter((_, i) => outcomes[i] === 'failed');
  if (failed.length)
    await env.DELIVERIES.sendBatch(
      failed.map((t) => ({
        body: { t: 'push' as const, subscription: t.id, member: memberId, payload, options: { ...options, subject: subjectOf(t) } },
        contentType: 'json' as const,
        delaySeconds: backoffSeconds(1),
      })),
    ).catch((error: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', message: 'push: enqueueing retries failed', count: failed.length, error: String(error) }),
      ),
    );
  const result: PushResult = {
    sent: outcomes.filter((o) => o === 'sent').length,
    removed: gone.length,
    failed: outcomes.filter((o) => o === 'failed' || o === 'refused').length,
  };
  if (limited) result.limited = limited;
  if (limited && !targets.length) result.skipped = 'rate_limited';
  return result;
}

/**
 * A new message: the first of its conversation is a new conversation (its own preference), any
 * later one a new message. `state` is messageNoticeState's row when the send's batch read it
 * (null: no such recipient); a recipient without any subscription (most) costs nothing more.
 */
export async function notifyMessage(
  env: Bindings,
  db: Db,
  to: number,
  message: { id: number; conversationId: number; senderId: number },
  from: { id: number; name: string },
  state?: MessageNoticeState | null,
): Promise<PushResult> {
  const row =
    state === undefined
      ? await noticeStateOf(db, {
          conversationId: message.conversationId,
          messageId: message.id,
          senderId: message.senderId,
          recipientId: to,
        })
      : state;
  if (!row?.subscribed) return { sent: 0, removed: 0, failed: 0, skipped: 'no_subscriptions' };
  return notifyPush(env, db, to, row.earlier ? 'new_message' : 'new_conversation', {
    kind: 'message',
    conversation: message.conversationId,
    from,
  });
}

/** Pushes after the answer (never delaying the request); a failure is logged, never the request's. */
export function pushLater(ctx: { waitUntil(promise: Promise<unknown>): void }, work: () => Promise<unknown>) {
  ctx.waitUntil(work().catch((error: unknown) => console.error('push: failed', error)));
}
