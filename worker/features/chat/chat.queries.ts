import { and, desc, eq, exists, gt, isNotNull, isNull, lt, ne, not, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { GiftId, MessageKind } from '../../contracts/chat';
import { conversationMembers, conversations, members, messages } from '../../db/schema';
import { listedConversations, unreadTotal } from '../../domain/conversations';
import { spend, spendWhen } from '../../domain/credits';
import { cardColumns, visibleMembers } from '../../domain/members';
import { storeMessage } from '../../domain/messages';
import { messageNoticeState } from '../../domain/notifications';
import { insertSelect, reusable, reusableList, type Db } from '../../lib/db';
import { rateLimitUpsert } from '../../lib/rate-limit';
import { sessionMemberId, sessionMemberIs, sessionTokenMemberId, type SessionValues } from '../../domain/sessions';
import { MESSAGES_PAGE } from '../../contracts/constants';

/** A pair is stored once, the smaller id first. */
export const pairOf = (x: number, y: number) => (x < y ? ([x, y] as const) : ([y, x] as const));
const pairWhere = (x: number | SQL, y: number | SQL) => {
  // a member id found in the same batch (an SQL expression) is ordered by SQLite
  if (typeof x !== 'number' || typeof y !== 'number') return and(eq(conversations.memberA, sql`min(${x}, ${y})`), eq(conversations.memberB, sql`max(${x}, ${y})`))!;
  const [a, b] = pairOf(x, y);
  return and(eq(conversations.memberA, a), eq(conversations.memberB, b))!;
};
/** Me in a query: my id, or an SQL expression of it (the session's member, found in the same batch). */
type Me = { id: number | SQL; companyId: number | SQL };

export type MessageRow = typeof messages.$inferSelect;

/** This member's side of a conversation, or null when it is not theirs. */
export async function sideOf(db: Db, memberId: number, conversationId: number) {
  const [row] = await db
    .select({ otherId: conversationMembers.otherId, deletedUpTo: conversationMembers.deletedUpTo, unread: conversationMembers.unread })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)))
    .limit(1);
  return row ?? null;
}

/** The conversation of two members, with this member's side, or null. */
export async function conversationWith(db: Db, memberId: number, otherId: number) {
  const [row] = await db
    .select({ id: conversations.id, deletedUpTo: conversationMembers.deletedUpTo, unread: conversationMembers.unread })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.memberId, memberId)))
    .where(pairWhere(memberId, otherId))
    .limit(1);
  return row ?? null;
}

/**
 * A member's conversations with members they may see (this site's niche, nobody blocked or
 * deleted), newest activity first, each with its last message; one more than a page says
 * whether another page follows.
 */
/** A page of the member's list (newest activity first on its index), the other member and the last message joined in; one more than a page says that more follow. */
const buildList = (db: Db, me: Me, niche: number | SQL) =>
  db
    .select({
      conversation: conversationMembers.conversationId,
      unread: conversationMembers.unread,
      updatedAt: conversationMembers.lastActivityAt,
      other: cardColumns,
      last: { kind: messages.kind, text: messages.text, gift: messages.gift, senderId: messages.senderId, createdAt: messages.createdAt, removedAt: messages.removedAt },
    })
    // the member's side drives the loop (newest activity first on its index), the other member and the last message join in
    .from(conversationMembers)
    .crossJoin(members)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(listedConversations(me, niche))
    .orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));

/** What the list in the session's batch needs: the session's values, the site's niche, and the page's window. */
type ListValues = SessionValues & { niche: number; limit: number; offset: number };
// the session's member as its token finds it: these answers count only once the batch's session row settled the member
const listPage = reusable<ListValues, ReturnType<typeof buildList>>((db, p) => buildList(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche));
const listUnread = reusable<ListValues, ReturnType<typeof unreadTotal>>((db, p) => unreadTotal(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche));

/** chats.php's statements for the session's batch (after its session row): the page, one more than a page, and the same total as the user object's unread_messages. */
export const listItems = (db: Db, values: SessionValues, niche: number, page: number, pageSize: number) => {
  const v: ListValues = { ...values, niche, limit: pageSize + 1, offset: (page - 1) * pageSize };
  return [listPage.item(db, v), listUnread.item(db, v)] as const;
};

/** What opening a conversation by id in the session's batch needs: the session's values, the conversation, the site's niche, and the page's upper bound. */
export type OpenValues = SessionValues & { conversation: number; niche: number; before: number };
/** No upper bound: the newest page. */
export const NEWEST = Number.MAX_SAFE_INTEGER;

/** My side of a conversation with the other member as a card, only if I may see them on this site's niche (none, or one). */
// the session's member as its token finds it: these answers count only once the batch's session row settled the member
const sideWithOther = reusable<OpenValues, ReturnType<typeof buildSide>>((db, p) => buildSide(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche, p.conversation));
function buildSide(db: Db, me: Me, niche: SQL, conversationId: SQL) {
  return db
    .select({ otherId: conversationMembers.otherId, unread: conversationMembers.unread, other: cardColumns })
    .from(conversationMembers)
    .crossJoin(members)
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, me.id),
        eq(members.id, conversationMembers.otherId),
        eq(members.niche, niche),
        visibleMembers(me.companyId, me.id),
      ),
    )
    .limit(1);
}
/** A page of the conversation's messages, newest first, past what I deleted (none when it is not mine): one more than a page says that more follow. */
const pageOf = reusable<OpenValues, ReturnType<typeof buildPage>>((db, p) => buildPage(db, sessionTokenMemberId(p), p.conversation, p.before));
const buildPage = (db: Db, me: SQL, conversationId: SQL, before: SQL) =>
  db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        sql`${messages.id} > (SELECT deleted_up_to FROM conversation_members WHERE conversation_id = ${conversationId} AND member_id = ${me})`,
        lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PAGE + 1);

/**
 * Opening a conversation by id, for the batch that looks up the session first: my side with the
 * other member (only if I may see them on this site's niche) and a page of messages past what I
 * deleted. `openedConversation` reads the two results.
 */
export const openConversation = (db: Db, values: OpenValues) => [sideWithOther.item(db, values), pageOf.item(db, values)] as const;

/** The side and the page from openConversation's two results, or null when the conversation is not this member's to see. */
export function openedConversation(side: Awaited<ReturnType<typeof openConversation>[0]>, rows: MessageRow[]) {
  const found = side[0];
  return found ? { ...found, rows: rows.slice(0, MESSAGES_PAGE), more: rows.length > MESSAGES_PAGE } : null;
}

/** A page of a conversation's messages for one member, newest first (keyset by id), past what they deleted. */
export async function messagePage(db: Db, conversationId: number, deletedUpTo: number, before: number | undefined, pageSize: number) {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, deletedUpTo), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  return { rows: rows.slice(0, pageSize), more: rows.length > pageSize };
}

/** Opening a conversation: its unread count to 0 and the other's messages read; says what changed. */
export async function markRead(db: Db, conversationId: number, memberId: number, at: Date) {
  const [mine, theirs] = await db.batch([
    db
      .update(conversationMembers)
      .set({ unread: 0 })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId), gt(conversationMembers.unread, 0)))
      .returning({ id: conversationMembers.conversationId }),
    db
      .update(messages)
      .set({ readAt: at.toISOString() })
      .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, memberId), isNull(messages.readAt)))
      .returning({ id: messages.id }),
  ]);
  return { unreadCleared: mine.length > 0, messagesRead: theirs.length };
}

/** Deletes conversations for one member only: everything up to the last message goes from view, unread with it. */
export const hideConversations = (db: Db, memberId: number, which: SQL) =>
  db
    .update(conversationMembers)
    .set({ deletedUpTo: sql`coalesce((SELECT last_message_id FROM conversations WHERE conversations.id = ${conversationMembers.conversationId}), 0)`, unread: 0 })
    .where(and(eq(conversationMembers.memberId, memberId), which))
    .returning({ id: conversationMembers.conversationId });
export const byConversation = (id: number) => eq(conversationMembers.conversationId, id);
export const byOther = (id: number) => eq(conversationMembers.otherId, id);

/** The message a sender sent with this client id (none, or one). */
export const messageRow = (db: Db, senderId: number | SQL, clientId: string | SQL) =>
  db.select().from(messages).where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId))).limit(1);

/** The other member of a chat as a card row, if the viewer may see them on this site's niche (none, or one). */
export const partnerRow = (db: Db, me: Me, id: number | SQL, niche: number | SQL) =>
  db.select(cardColumns).from(members).where(and(eq(members.id, id), eq(members.niche, niche), visibleMembers(me.companyId, me.id))).limit(1);

/** The conversation of a pair, if it exists (none, or one). */
export const conversationRow = (db: Db, memberId: number | SQL, otherId: number | SQL) => db.select({ id: conversations.id }).from(conversations).where(pairWhere(memberId, otherId)).limit(1);

/** What a send decides on in the session's batch: the session's values, the send's client id and recipient, the site's niche, the send limit's window. */
export type DecisionValues = SessionValues & { clientId: string; to: number; niche: number; windowStart: string; windowExpired: string };
const decision = {
  sent: reusable<DecisionValues, ReturnType<typeof messageRow>>((db, p) => messageRow(db, sessionMemberId(db, p), p.clientId)),
  partner: reusable<DecisionValues, ReturnType<typeof partnerRow>>((db, p) => partnerRow(db, { id: sessionMemberId(db, p), companyId: p.company }, p.to, p.niche)),
  conversation: reusable<DecisionValues, ReturnType<typeof conversationRow>>((db, p) => conversationRow(db, sessionMemberId(db, p), p.to)),
  balances: reusable<DecisionValues, ReturnType<typeof balancesRow>>((db, p) => balancesRow(db, sessionMemberId(db, p))),
  sendLimit: reusable<DecisionValues, ReturnType<typeof rateLimitUpsert>>((db, p) => rateLimitUpsert(db, sql`${'send:'} || ${sessionMemberId(db, p)}`, p.windowStart, p.windowExpired)),
};
/**
 * Everything a send decides on, for the batch that looks up the session first (each found by
 * the session's member): an earlier send with this client id, the recipient as I may see them,
 * our conversation, my balances, and one use of my send limit (not counted without a live session).
 */
export const sendDecision = (db: Db, values: DecisionValues) =>
  [decision.sent.item(db, values), decision.partner.item(db, values), decision.conversation.item(db, values), decision.balances.item(db, values), decision.sendLimit.item(db, values)] as const;

export type Send = {
  newConversationId: number;
  companyId: number;
  senderId: number;
  to: number;
  /** The recipient is a fictional profile: the conversation joins the operators' queue. */
  toFictional: boolean;
  kind: MessageKind;
  text: string | null;
  gift: GiftId | null;
  /** An image message's R2 keys: display version (`chat/<conversation>/<uuid>.webp`) and thumbnail (`…-t.webp`). */
  imageKey?: string | null;
  imageThumbKey?: string | null;
  clientId: string;
  /** How the message is paid: from the free allowance, with credits, or not at all (premium members' conversations are unlimited). */
  payment: { free: true } | { free: false; credits: number };
  /** A free member starting a conversation uses one of the free conversations. */
  countsAsFreeStart: boolean;
  at: Date;
};

/**
 * One send, all or nothing: the conversation (made on the first message; a concurrent first
 * message finds it), the free start, the payment (the free allowance or the credits with their
 * ledger row), the message, the last message and both sides' activity and unread count. A balance
 * or allowance below zero fails the CHECK constraints and nothing is written.
 */
export function sendStatements(db: Db, s: Send) {
  const [a, b] = pairOf(s.senderId, s.to);
  const now = s.at.toISOString();
  const conversationId = sql`(SELECT id FROM conversations WHERE member_a = ${a} AND member_b = ${b})`;
  const credits = s.payment.free ? 0 : s.payment.credits;
  return [
    db.insert(conversations).values({ id: s.newConversationId, companyId: s.companyId, memberA: a, memberB: b, startedBy: s.senderId, createdAt: now }).onConflictDoNothing(),
    // only when the statement above made the conversation (SQLite's changes() of the previous statement)
    ...(s.countsAsFreeStart ? [db.update(members).set({ freeConversationsLeft: sql`${members.freeConversationsLeft} - 1` }).where(and(eq(members.id, s.senderId), sql`changes() = 1`))] : []),
    db
      .insert(conversationMembers)
      .values([
        { conversationId, memberId: s.senderId, otherId: s.to },
        { conversationId, memberId: s.to, otherId: s.senderId },
      ])
      .onConflictDoNothing(),
    ...(s.payment.free
      ? [db.update(members).set({ freeMessagesLeft: sql`${members.freeMessagesLeft} - 1` }).where(eq(members.id, s.senderId))]
      : credits > 0
        ? spend(db, { memberId: s.senderId, amount: credits, reason: `message_${s.kind}`, ref: `message:${s.clientId}`, at: s.at })
        : []),
    ...storeMessage(db, {
      conversationId,
      senderId: s.senderId,
      recipientId: s.to,
      kind: s.kind,
      text: s.text,
      gift: s.gift,
      imageKey: s.imageKey ?? null,
      imageThumbKey: s.imageThumbKey ?? null,
      clientId: s.clientId,
      credits,
      toFictional: s.toFictional,
      at: s.at,
    }),
  ] as const;
}

/**
 * What a text or gift send in one round trip needs: the session's values, the recipient and the
 * site's niche, the message, the id a new conversation gets, the price in credits with the
 * ledger's reason and ref, the time, and the send limit (its window and the most uses in it).
 */
export type QuickSendValues = SessionValues & {
  to: number;
  niche: number;
  clientId: string;
  kind: 'text' | 'gift';
  text: string | null;
  gift: string | null;
  newConversationId: number;
  price: number;
  reason: string;
  ref: string;
  windowStart: string;
  windowExpired: string;
  limit: number;
};

/**
 * A text or gift send, decided and written in one batch (README, chat on credits): the session,
 * what the send decides on as it was before (an earlier send with this client id, the recipient
 * as I may see them, my balances) and one use of my send limit; then every write of
 * sendStatements, each only when the send is allowed (`allowed`: an active sender, no earlier
 * send with this client id, a recipient I may see on this niche who is not me, the limit not
 * passed: exactly the refusals the caller reads from the first results, in SQL); then the
 * message and my balances after it. Free text messages come from the free allowance while it
 * lasts (decided inside the batch, so parallel sends cannot both take the last one), anything else
 * pays `price` through the ledger; a free member's new conversation takes a free start. A balance
 * or allowance below zero fails the CHECK constraints and with them the whole batch.
 */
function buildQuickSend(db: Db, p: { [K in keyof QuickSendValues]: SQL }) {
  // me: the session's member as its token finds it; every write below holds it to the session's checks too
  const me = sessionTokenMemberId(p);
  const [a, b] = [sql`min(${me}, ${p.to})`, sql`max(${me}, ${p.to})`];
  const sendKey = sql`${'send:'} || ${me}`;
  const conversationId = sql`(SELECT id FROM conversations WHERE member_a = ${a} AND member_b = ${b})`;
  // the recipient, if I may see them on this site's niche (and they are not me)
  const recipient = () => db.select({ id: members.id, fictional: members.fictional }).from(members).where(and(eq(members.id, p.to), eq(members.niche, p.niche), visibleMembers(p.company, me)));
  const allowed = and(
    sessionMemberIs(p, me, { active: true }),
    notExists(db.select({ id: messages.id }).from(messages).where(and(eq(messages.senderId, me), eq(messages.clientId, p.clientId)))),
    exists(recipient()),
    sql`(SELECT count FROM rate_limits WHERE key = ${sendKey}) <= ${p.limit}`,
  )!;
  // a free member's text while the free allowance lasts (read before it is used below)
  const free = and(
    sql`${p.kind} = 'text'`,
    exists(db.select({ id: members.id }).from(members).where(and(eq(members.id, me), eq(members.paidUser, false), gt(members.freeMessagesLeft, 0)))),
  )!;
  return [
    // what the send decides on, before anything is written (the balances are read after it: a
    // refused send changes none)
    messageRow(db, me, p.clientId),
    recipient().limit(1),
    rateLimitUpsert(db, sendKey, p.windowStart, p.windowExpired, sessionMemberIs(p, me)),
    // the conversation on the first message (a concurrent first message finds it), and then only
    // when this statement made it (SQLite's changes() of the previous statement) a free start
    insertSelect(db, conversations, { id: p.newConversationId, companyId: p.company, memberA: a, memberB: b, startedBy: me, createdAt: p.now }, sql`WHERE ${allowed}`).onConflictDoNothing(),
    db
      .update(members)
      .set({ freeConversationsLeft: sql`${members.freeConversationsLeft} - 1` })
      .where(and(eq(members.id, me), eq(members.paidUser, false), sql`changes() = 1`)),
    // both sides, made with the conversation: the recipient's unread count up, both active now
    insertSelect(
      db,
      conversationMembers,
      { conversationId: sql`c.id`, memberId: sql`v.m`, otherId: sql`v.o`, unread: sql`v.m = ${p.to}`, lastActivityAt: p.now, deletedUpTo: sql`0` },
      sql`FROM conversations c, (SELECT ${me} AS m, ${p.to} AS o UNION ALL SELECT ${p.to}, ${me}) v WHERE c.member_a = ${a} AND c.member_b = ${b} AND ${allowed}`,
    ).onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.memberId],
        set: { unread: sql`${conversationMembers.unread} + excluded.unread`, lastActivityAt: sql`excluded.last_activity_at` },
      }),
    // the payment: credits through the ledger, or one free message (both read the allowance before it changes)
    ...spendWhen(db, { memberId: me, amount: p.price, reason: p.reason, ref: p.ref, at: p.now }, and(allowed, not(free), sql`${p.price} > 0`)!),
    db
      .update(members)
      .set({ freeMessagesLeft: sql`${members.freeMessagesLeft} - 1` })
      .where(and(eq(members.id, me), allowed, free)),
    // the message, at what it cost (its ledger row says it was paid); then, only when it was
    // just written, the conversation's last message and the operators' queue
    insertSelect(
      db,
      messages,
      {
        conversationId,
        senderId: me,
        kind: p.kind,
        text: p.text,
        gift: p.gift,
        clientId: p.clientId,
        credits: sql`CASE WHEN EXISTS (SELECT 1 FROM credit_ledger WHERE member_id = ${me} AND ref = ${p.ref}) THEN ${p.price} ELSE 0 END`,
        createdAt: p.now,
      },
      sql`WHERE ${allowed}`,
    ),
    db
      .update(conversations)
      .set({
        lastMessageId: sql`(SELECT max(id) FROM messages WHERE messages.conversation_id = conversations.id)`,
        lastMessageAt: p.now,
        // a member waiting for a fictional profile stays in the queue from the first unanswered message
        awaitingOperatorSince: sql`CASE WHEN (SELECT fictional FROM members WHERE members.id = ${p.to}) THEN coalesce(${conversations.awaitingOperatorSince}, ${p.now}) ELSE NULL END`,
      })
      .where(and(eq(conversations.memberA, a), eq(conversations.memberB, b), sql`changes() = 1`)),
    // the message and my balances after the send
    messageRow(db, me, p.clientId),
    balancesRow(db, me),
  ] as const;
}
const quickSend = reusableList<QuickSendValues, ReturnType<typeof buildQuickSend>>(buildQuickSend);
export const quickSendStatements = (db: Db, values: QuickSendValues) => quickSend.items(db, values);

/**
 * The sent message's notice state (domain/notifications messageNoticeState) for the end of the
 * quick send's batch, so the mail and push decisions after the answer ask D1 nothing when neither
 * is due. Read only when the send was written (the message found by my client id).
 */
const quickNotice = reusable<QuickSendValues, ReturnType<typeof messageNoticeState>>((db, p) => {
  const me = sessionTokenMemberId(p);
  const mine = (column: string) => sql`(SELECT ${sql.raw(column)} FROM messages WHERE sender_id = ${me} AND client_id = ${p.clientId})`;
  return messageNoticeState(db, { recipient: p.to, sender: me, conversation: mine('conversation_id'), message: mine('id') });
});
export const quickSendNotice = (db: Db, values: QuickSendValues) => quickNotice.item(db, values);

/** A member's balances (one row). */
export const balancesRow = (db: Db, memberId: number | SQL) =>
  db.select({ credits: members.credits, freeMessagesLeft: members.freeMessagesLeft, freeConversationsLeft: members.freeConversationsLeft, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId)).limit(1);
export type Balances = Awaited<ReturnType<typeof balancesRow>>[number];

/**
 * An image message as one member may fetch it, in one query: found by its key (a partial unique
 * index), in a conversation where the viewer has a side, past what the viewer deleted, with the
 * other member still visible to the viewer on this site's niche (blocked either way, deleted or
 * unconfirmed: nothing). None, or one row.
 */
export const imageForViewer = (db: Db, me: { id: number; companyId: number }, niche: number, key: string) =>
  db
    .select({ id: messages.id, thumbKey: messages.imageThumbKey })
    .from(messages)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.memberId, me.id)))
    .innerJoin(members, eq(members.id, conversationMembers.otherId))
    .where(and(eq(messages.imageKey, key), gt(messages.id, conversationMembers.deletedUpTo), eq(members.niche, niche), visibleMembers(me.companyId, me.id)))
    .limit(1);

/** The R2 keys of the images a member sent, both versions. */
export const sentImageKeys = async (db: Db, memberId: number) =>
  (await db.select({ key: messages.imageKey, thumbKey: messages.imageThumbKey }).from(messages).where(and(eq(messages.senderId, memberId), isNotNull(messages.imageKey)))).flatMap((m) =>
    m.thumbKey ? [m.key!, m.thumbKey] : [m.key!],
  );

/** Erasure: the member's messages and their side of every conversation (the other keeps their own messages). */
export const eraseChat = (db: Db, memberId: number) => [
  db.delete(messages).where(eq(messages.senderId, memberId)),
  db.delete(conversationMembers).where(eq(conversationMembers.memberId, memberId)),
  db.update(conversations).set({ awaitingOperatorSince: null }).where(or(eq(conversations.memberA, memberId), eq(conversations.memberB, memberId))),
];
