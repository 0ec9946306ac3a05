import { and, eq, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_DEFAULTS, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType } from '../contracts/notifications';
import type { Locale } from '../../tenants/schema';
import { members, notificationSettings } from '../db/schema';
import type { Bindings } from '../env';
import { hmacHex, sameSecret } from '../lib/crypto';
import type { Db } from '../lib/db';
import { enqueuePending } from '../lib/deliveries';
import { renderNotice, unsubscribeHeaders, type NoticeKind } from '../lib/mail';
import { siteOrigin, tenantBySlug } from '../lib/tenants';
import { isOnline, parseList } from './members';

export { isOnline };

export type { NotificationType, NotificationChannel } from '../contracts/notifications';

/** New messages of one conversation mail at most once in this time (README, "Notification mails"). */
export const MESSAGE_MAIL_EVERY_MS = 3600_000;
/** Like mails: at most one an hour per member (a burst of swipe likes is one mail). */
export const LIKE_MAIL_EVERY_MS = 3600_000;
/** The unread-message reminder: for messages unread this long. */
export const UNREAD_REMINDER_AFTER_MS = 24 * 3600_000;

/**
 * Does the member want a notification of this type on this channel? Their choice, else the
 * default; never for an unconfirmed, deleted or fictional member, and no mail at all while their
 * address is switched off (notifications_disabled not empty). One query.
 */
export async function wantsNotification(
  db: Db,
  memberId: string | number,
  type: NotificationType,
  channel: 'email' | 'push',
): Promise<boolean> {
  const id = Number(memberId);
  if (!Number.isSafeInteger(id) || !NOTIFICATION_TYPES.includes(type)) return false;
  const [row] = await db
    .select({
      status: members.status,
      fictional: members.fictional,
      disabled: members.notificationsDisabled,
      enabled: notificationSettings.enabled,
    })
    .from(members)
    .leftJoin(
      notificationSettings,
      and(eq(notificationSettings.memberId, members.id), eq(notificationSettings.type, type), eq(notificationSettings.channel, channel)),
    )
    .where(eq(members.id, id))
    .limit(1);
  if (!row || row.status !== 'active' || row.fictional) return false;
  if (channel === 'email' && parseList(row.disabled).length > 0) return false;
  return row.enabled ?? NOTIFICATION_DEFAULTS[type];
}

/** Every choice of a member, the defaults filled in. */
export async function preferencesOf(db: Db, memberId: number) {
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.memberId, memberId));
  const channel = (c: NotificationChannel) =>
    Object.fromEntries(
      NOTIFICATION_TYPES.map((t) => [t, rows.find((r) => r.type === t && r.channel === c)?.enabled ?? NOTIFICATION_DEFAULTS[t]]),
    ) as Record<NotificationType, boolean>;
  return { email: channel('email'), push: channel('push') };
}

/**
 * The signed part of an unsubscribe link: HMAC-SHA-256 of member and type, keyed by the pepper
 * secret under its own label (the key never signs anything else with this prefix), 128 bits.
 */
const signature = async (secret: string, memberId: number, type: NotificationType) =>
  (await hmacHex(secret, `unsubscribe:${memberId}:${type}`)).slice(0, 32);

export async function unsubscribeToken(secret: string, memberId: number, type: NotificationType) {
  return `${memberId}.${type}.${await signature(secret, memberId, type)}`;
}

/** The member and type of a token this worker signed, or null (a forged or altered token). */
export async function readUnsubscribeToken(secret: string, token: string): Promise<{ memberId: number; type: NotificationType } | null> {
  const m = /^(\d{1,16})\.([a-z_]{1,32})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const memberId = Number(m[1]);
  const type = m[2] as NotificationType;
  if (!Number.isSafeInteger(memberId) || !NOTIFICATION_TYPES.includes(type)) return null;
  return (await sameSecret(m[3]!, await signature(secret, memberId, type))) ? { memberId, type } : null;
}

/** The one-click unsubscribe URL of a mail (the same address opens the page and takes the RFC 8058 POST). */
export const unsubscribeUrl = async (origin: string, secret: string, memberId: number, type: NotificationType) =>
  `${origin}/unsubscribe/${await unsubscribeToken(secret, memberId, type)}`;

/** A member a notification mail goes to, as the jobs and triggers read them. */
export type Recipient = { id: number; name: string; email: string; homeSite: string; language: string };

/** The member's home site and language, and the origin links in their mails use (the request's when it came in on that site). */
export function mailSite(
  member: Pick<Recipient, 'homeSite' | 'language'>,
  environment: string | undefined,
  here?: { slug: string; origin: string },
) {
  const site = tenantBySlug(member.homeSite);
  if (!site) return null;
  const locale = (site.locales as string[]).includes(member.language) ? (member.language as Locale) : site.default_locale;
  const origin = here && here.slug === site.slug ? here.origin : siteOrigin(site, environment);
  return { site, locale, origin };
}

/**
 * The outbox row of one notification mail, rendered, with its unsubscribe link and RFC 8058
 * headers, as a D1 statement; `onlyIf` (SQL) makes the insert conditional (a batching rule read
 * in the same batch). Null when the member's home site is unknown.
 */
export async function noticeStatement(
  env: Bindings,
  member: Recipient,
  kind: NoticeKind,
  vars: { path: string; other?: string; count?: number; entries?: Parameters<typeof renderNotice>[2]['entries'] },
  at: Date,
  opts: { here?: { slug: string; origin: string }; onlyIf?: string } = {},
) {
  const where = mailSite(member, env.ENVIRONMENT, opts.here);
  if (!where) return null;
  const { site, locale, origin } = where;
  const unsubscribe = await unsubscribeUrl(origin, env.PASSWORD_PEPPER, member.id, kind);
  const mail = renderNotice(locale, kind, {
    name: member.name,
    site_name: site.name,
    domain: site.domains[0]!.host,
    theme: site.theme,
    link: `${origin}${vars.path}`,
    unsubscribe,
    other: vars.other,
    count: vars.count,
    entries: vars.entries?.map((e) => ({ ...e, link: e.link.startsWith('/') ? `${origin}${e.link}` : e.link })),
  });
  return env.DB.prepare(
    `INSERT INTO mail_outbox (member_id, site, to_address, kind, subject, text, html, created_at, headers)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 ${opts.onlyIf ? `WHERE ${opts.onlyIf}` : ''}`,
  ).bind(member.id, site.slug, member.email, kind, mail.subject, mail.text, mail.html, at.toISOString(), unsubscribeHeaders(unsubscribe));
}

/**
 * Records a send for the batching rules: inserts (member, kind, ref) or moves its time to `at`
 * only when the last one is older than `everyMs` (0: always). The statement after it reads
 * `changes() = 1`: the mail goes only when this one counted.
 */
export const sendRecord = (env: Bindings, memberId: number, kind: string, ref: string, at: Date, everyMs: number) =>
  env.DB.prepare(
    `INSERT INTO notification_sends (member_id, kind, ref, at) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (member_id, kind, ref) DO UPDATE SET at = excluded.at WHERE notification_sends.at <= ?5`,
  ).bind(memberId, kind, ref, at.toISOString(), new Date(at.getTime() - everyMs).toISOString());

/** A member's id in a statement: a number, or an SQL expression (found in the same batch). */
type Id = number | SQL;

/**
 * What a new message's notifications decide on, one row (none when the recipient does not exist):
 * the recipient as a mail goes to them, whether they may get mail at all (`mailable`), the
 * sender's name, whether the conversation had an earlier message, their mail preferences for new
 * conversations and messages, when this conversation last mailed them (`lastMailed`), and whether
 * they have any push subscription. The send puts it in its own batch (read after the message is
 * written), so a send whose recipient gets no mail and no push asks D1 nothing more.
 */
export const messageNoticeState = (db: Db, s: { recipient: Id; sender: Id; conversation: Id; message: Id }) =>
  db
    .select({
      id: sql<number>`m.id`,
      name: sql<string>`m.name`,
      email: sql<string>`m.email`,
      homeSite: sql<string>`m.home_site`,
      language: sql<string>`m.language`,
      lastActiveAt: sql<string | null>`m.last_active_at`,
      mailable: sql<number>`${sql.raw(mailableRaw('m'))}`,
      other: sql<string | null>`(SELECT name FROM members WHERE id = ${s.sender})`,
      earlier: sql<number>`EXISTS (SELECT 1 FROM messages WHERE conversation_id = ${s.conversation} AND id < ${s.message})`,
      wantsNew: sql<number>`${sql.raw(wantsRaw('m.id', 'new_conversation'))}`,
      wantsMessage: sql<number>`${sql.raw(wantsRaw('m.id', 'new_message'))}`,
      lastMailed: sql<
        string | null
      >`(SELECT at FROM notification_sends WHERE member_id = m.id AND kind = 'message' AND ref = CAST(${s.conversation} AS TEXT))`,
      subscribed: sql<number>`EXISTS (SELECT 1 FROM push_subscriptions WHERE member_id = m.id)`,
    })
    .from(sql`members m`)
    .where(sql`m.id = ${s.recipient}`)
    .limit(1);
export type MessageNoticeState = Awaited<ReturnType<typeof messageNoticeState>>[number];

/** The notice state of a message already written (when the send's batch did not read it). */
export const noticeStateOf = async (db: Db, m: { conversationId: number; messageId: number; senderId: number; recipientId: number }) =>
  (
    await messageNoticeState(db, { recipient: m.recipientId, sender: m.senderId, conversation: m.conversationId, message: m.messageId })
  )[0] ?? null;

/**
 * A message was sent (chat feature, after the answer): the first message of a conversation mails
 * `new_conversation`; a later one (or the first, when that type is off) mails `new_message` when
 * the recipient is offline, at most once per conversation an hour (a new-conversation mail counts
 * as that hour's mail). Nothing for a recipient who may get no mail or does not want it. `state`
 * is messageNoticeState's row when the send's batch read it (null: no such recipient).
 */
export async function notifyMessage(
  env: Bindings,
  db: Db,
  m: {
    conversationId: number;
    messageId: number;
    senderId: number;
    recipientId: number;
    at: Date;
    here?: { slug: string; origin: string };
  },
  state?: MessageNoticeState | null,
) {
  const row = state === undefined ? await noticeStateOf(db, m) : state;
  if (!row?.mailable) return false;
  const first = !row.earlier && !!row.wantsNew;
  const offline = !isOnline({ lastActiveAt: row.lastActiveAt, invisible: false }, m.at);
  if (!first && !(row.wantsMessage && offline)) return false;
  // this conversation mailed within the hour: the batch below would write nothing, so the mail
  // is not even rendered (most messages of a conversation; the batch still decides any race)
  if (!first && row.lastMailed !== null && row.lastMailed > new Date(m.at.getTime() - MESSAGE_MAIL_EVERY_MS).toISOString()) return false;
  const kind = first ? 'new_conversation' : 'new_message';
  const insert = await noticeStatement(env, row, kind, { path: `/chats/${m.conversationId}`, other: row.other ?? '' }, m.at, {
    here: m.here,
    onlyIf: 'changes() = 1',
  });
  if (!insert) return false;
  const [, queued] = await env.DB.batch([
    sendRecord(env, row.id, 'message', String(m.conversationId), m.at, first ? 0 : MESSAGE_MAIL_EVERY_MS),
    insert,
  ]);
  return deliverQueued(env, queued);
}

const recipientColumns = 'm.id, m.name, m.email, m.home_site AS homeSite, m.language, m.last_active_at AS lastActiveAt, m.invisible';
type RecipientRow = Recipient & { lastActiveAt: string | null; invisible: number };

/** A like was given (likes feature, after the answer): `like` mail, at most one an hour per member. */
export async function notifyLike(
  env: Bindings,
  db: Db,
  l: { likerId: number; likedId: number; at: Date; here?: { slug: string; origin: string } },
) {
  const row = await env.DB.prepare(
    `SELECT ${recipientColumns}, (SELECT name FROM members WHERE id = ?2) AS other, ${wantsRaw('?1', 'like')} AS wants
     FROM members m WHERE m.id = ?1 AND ${mailableRaw('m')}`,
  )
    .bind(l.likedId, l.likerId)
    .first<RecipientRow & { other: string; wants: number }>();
  if (!row?.wants) return false;
  const insert = await noticeStatement(env, row, 'like', { path: `/likes/m/${l.likerId}`, other: row.other }, l.at, {
    here: l.here,
    onlyIf: 'changes() = 1',
  });
  if (!insert) return false;
  const [, queued] = await env.DB.batch([sendRecord(env, row.id, 'like', '', l.at, LIKE_MAIL_EVERY_MS), insert]);
  return deliverQueued(env, queued);
}

/** Hands a queued mail to the deliveries queue at once (the request's own mail goes after its answer the same way). */
async function deliverQueued(env: Bindings, result: D1Result | undefined) {
  if (!result?.meta.changes) return false;
  await enqueuePending(env, 'mail');
  return true;
}

/**
 * The member (`member`: an SQL expression of their id) wants this type on this channel, and may
 * get notification mail at all, as plain SQL over a members alias: for the raw D1 statements above
 * and the jobs, so the digest over 100,000 members costs no query per member.
 */
export const wantsRaw = (member: string, type: NotificationType, channel: NotificationChannel = 'email') => {
  const row = `SELECT 1 FROM notification_settings s WHERE s.member_id = ${member} AND s.type = '${type}' AND s.channel = '${channel}'`;
  return NOTIFICATION_DEFAULTS[type] ? `NOT EXISTS (${row} AND s.enabled = 0)` : `EXISTS (${row} AND s.enabled = 1)`;
};
export const mailableRaw = (alias: string) =>
  `${alias}.status = 'active' AND ${alias}.fictional = 0 AND ${alias}.notifications_disabled = '[]'`;
