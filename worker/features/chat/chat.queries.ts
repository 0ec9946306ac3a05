import { and, desc, eq, exists, gt, isNotNull, isNull, lt, lte, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { ChatsCursor, MessageKind } from '../../contracts/chat';
import { conversationMembers, conversations, members, messages, rateLimits } from '../../db/schema';
import { listedConversations, unreadTotal } from '../../domain/conversations';
import { cardColumns, visibleMembers } from '../../domain/members';
import { freeText, writeMessage } from '../../domain/messages';
import { messageNoticeState } from '../../domain/notifications';
import { reusable, reusableNamed, type Db } from '../../lib/db';
import { rateLimitUpsert } from '../../lib/rate-limit';
import { sessionMemberId, sessionMemberIs, sessionTokenMemberId, type SessionValues } from '../../domain/sessions';
import { MESSAGES_PAGE } from '../../contracts/chat.values';

/** A pair is stored once, the smaller id first. */
export const pairOf = (x: number, y: number) => (x < y ? ([x, y] as const) : ([y, x] as const));
const pairWhere = (x: number | SQL, y: number | SQL) => {
  // a member id found in the same batch (an SQL expression) is ordered by SQLite
  if (typeof x !== 'number' || typeof y !== 'number')
    return and(eq(conversations.memberA, sql`min(${x}, ${y})`), eq(conversations.memberB, sql`max(${x}, ${y})`))!;
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
    .select({
      id: conversations.id,
      deletedUpTo: conversationMembers.deletedUpTo,
      unread: conversationMembers.unread,
      archivedUpTo: conversations.archivedUpTo,
    })
    .from(conversations)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.memberId, memberId)),
    )
    .where(pairWhere(memberId, otherId))
    .limit(1);
  return row ?? null;
}

/**
 * A page of a member's conversations with members they may see (this site's niche, nobody blocked
 * or deleted), newest activity first on its index, each with the other member and its last message;
 * one more than a page says that more follow. The page starts after a cursor (keyset: the activity
 * and conversation id of the last row shown), so a deep page reads only its own rows.
 */
const buildList = (db: Db, me: Me, niche: number | SQL, before: { at: SQL; id: SQL }) =>
  db
    .select({
      conversation: conversationMembers.conversationId,
      unread: conversationMembers.unread,
      updatedAt: conversationMembers.lastActivityAt,
      other: cardColumns,
      last: {
        kind: messages.kind,
        text: messages.text,
        gift: messages.gift,
        senderId: messages.senderId,
        createdAt: messages.createdAt,
        removedAt: messages.removedAt,
      },
    })
    // the member's side drives the loop (newest activity first on its index), the other member and the last message join in
    .from(conversationMembers)
    .crossJoin(members)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(
      and(
        listedConversations(me, niche),
        // the first term is the index's range; the second breaks ties of the same instant by id
        lte(conversationMembers.lastActivityAt, before.at),
        or(lt(conversationMembers.lastActivityAt, before.at), lt(conversationMembers.conversationId, before.id)),
      ),
    )
    .orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId))
    .limit(sql.placeholder('limit'));

/** What the list in the session's batch needs: the session's values, the site's niche, the page's size and where it starts. */
type ListValues = SessionValues & { niche: number; limit: number; beforeAt: string; beforeId: number };
// the session's member as its token finds it: these answers count only once the batch's session row settled the member
const listPage = reusable<ListValues, ReturnType<typeof buildList>>((db, p) =>
  buildList(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche, { at: p.beforeAt, id: p.beforeId }),
);
const listUnread = reusable<ListValues, ReturnType<typeof unreadTotal>>((db, p) =>
  unreadTotal(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche),
);

/** chats.php's statements for the session's batch (after its session row): the page, one more than a page, and the same total as the user object's unread_messages. */
export const listItems = (db: Db, values: SessionValues, niche: number, before: ChatsCursor | undefined, pageSize: number) => {
  // no cursor: after every activity there is (an ISO time sorts below '~')
  const v: ListValues = { ...values, niche, limit: pageSize + 1, beforeAt: before?.at ?? '~', beforeId: before?.id ?? NEWEST };
  return [listPage.item(db, v), listUnread.item(db, v)] as const;
};

/** What opening a conversation by id in the session's batch needs: the session's values, the conversation, the site's niche, and the page's upper bound. */
export type OpenValues = SessionValues & { conversation: number; niche: number; before: number };
/** No upper bound: the newest page. */
export const NEWEST = Number.MAX_SAFE_INTEGER;

/** My side of a conversation with the other member as a card, only if I may see them on this site's niche (none, or one). */
// the session's member as its token finds it: these answers count only once the batch's session row settled the member
const sideWithOther = reusable<OpenValues, ReturnType<typeof buildSide>>((db, p) =>
  buildSide(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche, p.conversation),
);
function buildSide(db: Db, me: Me, niche: SQL, conversationId: SQL) {
  return db
    .select({
      otherId: conversationMembers.otherId,
      unread: conversationMembers.unread,
      deletedUpTo: conversationMembers.deletedUpTo,
      // the archive job's mark (chat.archive.ts): a page reaching past it is completed from R2
      archivedUpTo: sql<number>`(SELECT archived_up_to FROM conversations WHERE conversations.id = ${conversationMembers.conversationId})`,
      other: cardColumns,
    })
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
const pageOf = reusable<OpenValues, ReturnType<typeof buildPage>>((db, p) =>
  buildPage(db, sessionTokenMemberId(p), p.conversation, p.before),
);
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
export async function messagePage(
  db: Db,
  conversationId: number,
  deletedUpTo: number,
  before: number | undefined,
  pageSize: number,
  complete: (rows: MessageRow[]) => Promise<MessageRow[]> = async (rows) => rows,
) {
  const found = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, deletedUpTo), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.id))
    .limit(pageSize + 1);
  const rows = await complete(found);
  return { rows: rows.slice(0, pageSize), more: rows.length > pageSize };
}

/** Opening a conversation: its unread count to 0 and the other's messages read; says what changed. */
export async function markRead(db: Db, conversationId: number, memberId: number, at: Date) {
  const [mine, theirs] = await db.batch([
    db
      .update(conversationMembers)
      .set({ unread: 0 })
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          eq(conversationMembers.memberId, memberId),
          gt(conversationMembers.unread, 0),
        ),
      )
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
    .set({
      deletedUpTo: sql`coalesce((SELECT last_message_id FROM conversations WHERE conversations.id = ${conversationMembers.conversationId}), 0)`,
      unread: 0,
    })
    .where(and(eq(conversationMembers.memberId, memberId), which))
    .returning({ id: conversationMembers.conversationId });
export const byConversation = (id: number) => eq(conversationMembers.conversationId, id);
export const byOther = (id: number) => eq(conversationMembers.otherId, id);

/** The message a sender sent with this client id (none, or one). */
export const messageRow = (db: Db, senderId: number | SQL, clientId: string | SQL) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);

/** The other member of a chat as a card row, if the viewer may see them on this site's niche (none, or one). */
export const partnerRow = (db: Db, me: Me, id: number | SQL, niche: number | SQL) =>
  db
    .select(cardColumns)
    .from(members)
    .where(and(eq(members.id, id), eq(members.niche, niche), visibleMembers(me.companyId, me.id)))
    .limit(1);

/** The conversation of a pair, if it exists (none, or one). */
export const conversationRow = (db: Db, memberId: number | SQL, otherId: number | SQL) =>
  db.select({ id: conversations.id }).from(conversations).where(pairWhere(memberId, otherId)).limit(1);

/** A member's use of the send limit in the current window, read only (none, or one row). */
const sendLimitUse = (db: Db, key: SQL, windowExpired: SQL) =>
  db
    .select({
      count: sql<number>`CASE WHEN ${rateLimits.windowStart} <= ${windowExpired} THEN 0 ELSE ${rateLimits.count} END`,
      windowStart: rateLimits.windowStart,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .limit(1);

/** What deciding a send before writing it needs: the session's values, the send's client id and recipient, the site's niche, the send limit's window. */
export type FactsValues = SessionValues & { clientId: string; to: number; niche: number; windowExpired: string };
const facts = reusableNamed<FactsValues, ReturnType<typeof buildFacts>>((db, p) => buildFacts(db, p));
function buildFacts(db: Db, p: { [K in keyof FactsValues]: SQL }) {
  const me = sessionMemberId(db, p);
  return {
    sent: messageRow(db, me, p.clientId),
    partner: partnerRow(db, { id: me, companyId: p.company }, p.to, p.niche),
    conversation: conversationRow(db, me, p.to),
    balances: balancesRow(db, me),
    use: sendLimitUse(db, sql`${'send:'} || ${me}`, p.windowExpired),
  };
}
/**
 * Everything a send decides on, read only, for the batch that looks up the session first (each
 * found by the session's member): an earlier send with this client id, the recipient as I may see
 * them, our conversation, my balances, and my send limit's uses so far. An image send decides on
 * it before its upload goes to R2; a text too long is refused by it in the refusals' order.
 */
export const sendFacts = (db: Db, values: FactsValues) => facts.items(db, values);

/**
 * What a send needs (README, chat on credits): the session's values, the recipient and the site's
 * niche, the message, the id a new conversation gets, the price in credits with the ledger's
 * reason and ref, the time, and the send limit (its window and the most uses in it).
 */
export type SendValues = SessionValues & {
  to: number;
  niche: number;
  clientId: string;
  kind: MessageKind;
  text: string | null;
  gift: string | null;
  imageKey: string | null;
  imageThumbKey: string | null;
  newConversationId: number;
  price: number;
  reason: string;
  ref: string;
  windowStart: string;
  windowExpired: string;
  limit: number;
};

/**
 * A send, decided and written in one batch: the session (the caller's), what the send decides on
 * as it was before (an earlier send with this client id, the recipient as I may see them) and
 * one use of my send limit; then the message writer's statements (domain/messages), each only
 * when the send is allowed (`allowed`: an active sender, no earlier send with this client id, a
 * recipient I may see on this niche who is not me, an image only from a premium member, the
 * limit not passed: exactly the refusals the caller reads from the first results); then the
 * message and my balances after it, and the message's notice state (domain/notifications), so
 * the mail and push decisions after the answer ask D1 nothing when neither is due. Free text
 * messages come from the free allowance while it lasts (decided inside the batch, so parallel
 * sends cannot both take the last one), anything else pays `price` through the ledger; a free
 * member's new conversation takes a free start. A balance or allowance below zero fails its
 * CHECK constraint and with it the whole batch.
 */
function buildSend(db: Db, p: { [K in keyof SendValues]: SQL }) {
  // me: the session's member as its token finds it; every write holds it to the session's checks too
  const me = sessionTokenMemberId(p);
  const sendKey = sql`${'send:'} || ${me}`;
  // the recipient, if I may see them on this site's niche (and they are not me)
  const recipient = () =>
    db
      .select({ id: members.id, fictional: members.fictional })
      .from(members)
      .where(and(eq(members.id, p.to), eq(members.niche, p.niche), visibleMembers(p.company, me)));
  const allowed = and(
    sessionMemberIs(p, me, { active: true }),
    notExists(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.senderId, me), eq(messages.clientId, p.clientId))),
    ),
    exists(recipient()),
    sql`(${p.kind} != 'image' OR EXISTS (SELECT 1 FROM members WHERE id = ${me} AND paid_user = 1))`,
    sql`(SELECT count FROM rate_limits WHERE key = ${sendKey}) <= ${p.limit}`,
  )!;
  return {
    // what the send decides on, before anything is written (the balances are read after it: a refused send changes none)
    sent: messageRow(db, me, p.clientId),
    recipient: recipient().limit(1),
    use: rateLimitUpsert(db, sendKey, p.windowStart, p.windowExpired, sessionMemberIs(p, me)),
    writes: writeMessage(db, {
      senderId: me,
      recipientId: p.to,
      conversation: { newId: p.newConversationId, companyId: p.company },
      kind: p.kind as SQL<MessageKind>,
      text: p.text,
      gift: p.gift,
      imageKey: p.imageKey,
      imageThumbKey: p.imageThumbKey,
      clientId: p.clientId,
      at: p.now,
      when: allowed,
      payment: { price: p.price, reason: p.reason, ref: p.ref, free: freeText(db, me, p.kind), freeStart: true },
    }),
    // the message and my balances after the send, and the message's notice state (read only when it was written)
    message: messageRow(db, me, p.clientId),
    balances: balancesRow(db, me),
    notice: noticeOf(db, me, p.to, p.clientId),
  };
}
const noticeOf = (db: Db, me: SQL, to: SQL, clientId: SQL) => {
  const mine = (column: string) => sql`(SELECT ${sql.raw(column)} FROM messages WHERE sender_id = ${me} AND client_id = ${clientId})`;
  return messageNoticeState(db, { recipient: to, sender: me, conversation: mine('conversation_id'), message: mine('id') });
};
const send = reusableNamed<SendValues, ReturnType<typeof buildSend>>(buildSend);
/** A send's named statements for the batch after the session's row (namedBatch). */
export const sendStatements = (db: Db, values: SendValues) => send.items(db, values);

/** A member's balances (one row). */
export const balancesRow = (db: Db, memberId: number | SQL) =>
  db
    .select({
      credits: members.credits,
      freeMessagesLeft: members.freeMessagesLeft,
      freeConversationsLeft: members.freeConversationsLeft,
      paidUser: members.paidUser,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
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
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.memberId, me.id)),
    )
    .innerJoin(members, eq(members.id, conversationMembers.otherId))
    .where(
      and(
        eq(messages.imageKey, key),
        gt(messages.id, conversationMembers.deletedUpTo),
        eq(members.niche, niche),
        visibleMembers(me.companyId, me.id),
      ),
    )
    .limit(1);

/** The R2 keys of the images a member sent, both versions. */
export const sentImageKeys = async (db: Db, memberId: number) =>
  (
    await db
      .select({ key: messages.imageKey, thumbKey: messages.imageThumbKey })
      .from(messages)
      .where(and(eq(messages.senderId, memberId), isNotNull(messages.imageKey)))
  ).flatMap((m) => (m.thumbKey ? [m.key!, m.thumbKey] : [m.key!]));

/** Erasure: the member's messages and their side of every conversation (the other keeps their own messages). */
export const eraseChat = (db: Db, memberId: number) => [
  db.delete(messages).where(eq(messages.senderId, memberId)),
  db.delete(conversationMembers).where(eq(conversationMembers.memberId, memberId)),
  db
    .update(conversations)
    .set({ awaitingOperatorSince: null })
    .where(or(eq(conversations.memberA, memberId), eq(conversations.memberB, memberId))),
];
