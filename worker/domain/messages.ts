import { and, eq, exists, gt, not, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, conversations, members, messages } from '../db/schema';
import { insertSelect, type Db } from '../lib/db';
import { spendWhen } from './credits';

/** A value of a stored message: a plain value, or SQL (a reusable statement's parameter, an id found in the same batch). */
type V<T> = T | SQL;
const v = <T>(x: V<T>): SQL => sql`${x}`;

/**
 * A message to write (the one message writer: the chat's sends and the console's answers).
 * Every value may be SQL, so a hot route can build the statements once (lib/db reusable).
 */
export type MessageWrite = {
  senderId: V<number>;
  recipientId: V<number>;
  /**
   * The conversation: an existing one by id (the console), or the pair's, made on the first
   * message with this id and company (a concurrent first message finds it).
   */
  conversation: { id: V<number> } | { newId: V<number>; companyId: V<number> };
  kind: V<'text' | 'gift' | 'image'>;
  text: V<string | null>;
  gift: V<string | null>;
  /** An image message's R2 keys: display version and thumbnail. */
  imageKey: V<string | null>;
  imageThumbKey: V<string | null>;
  /** Unique per sender: a retried send finds its message by it. */
  clientId: V<string>;
  /** The operator who wrote it as the fictional profile (the chat console); a member's own message has none. */
  sentByOperator?: V<number | null>;
  at: V<string>;
  /**
   * Guards: every write happens only when `when` holds (the caller reads the same facts in the
   * batch before the writes, so a refusal is explained without a second write).
   */
  when?: SQL;
  /**
   * The payment: `price` credits through the ledger (`reason`, `ref`), or, when `free` holds
   * (read before anything changes), one message of the free allowance. A free member's (not a
   * paid user's) new conversation also takes a free start with `freeStart`. A balance or
   * allowance below zero fails its CHECK constraint and with it the whole batch.
   */
  payment?: { price: V<number>; reason: V<string>; ref: V<string>; free?: SQL; freeStart?: boolean };
};

/**
 * The statements that store one message, for the caller's batch (the caller adds its own: the
 * session row, reads, the audit row, the lock): the conversation on the first message and its
 * free start, both sides (the recipient's unread count up, both active now), the payment, the
 * message at what it cost, then, only when the message was just written, the conversation's last
 * message and the operators' queue (joined by a message to a fictional profile, left by any other).
 */
export function writeMessage(db: Db, m: MessageWrite) {
  const me = v(m.senderId);
  const to = v(m.recipientId);
  const when = m.when ?? sql`1`;
  const [a, b] = [sql`min(${me}, ${to})`, sql`max(${me}, ${to})`];
  const byId = 'id' in m.conversation ? v(m.conversation.id) : null;
  const conversationId = byId ?? sql`(SELECT id FROM conversations WHERE member_a = ${a} AND member_b = ${b})`;
  const isThis = (alias: string) =>
    byId ? sql`${sql.raw(alias)}.id = ${byId}` : sql`${sql.raw(alias)}.member_a = ${a} AND ${sql.raw(alias)}.member_b = ${b}`;
  const pay = m.payment;
  const free = pay?.free ?? sql`0`;
  const now = v(m.at);
  return [
    ...('newId' in m.conversation
      ? [
          insertSelect(
            db,
            conversations,
            { id: v(m.conversation.newId), companyId: v(m.conversation.companyId), memberA: a, memberB: b, startedBy: me, createdAt: now },
            sql`WHERE ${when}`,
          ).onConflictDoNothing(),
          // only when the statement above made the conversation (SQLite's changes() of the previous statement)
          ...(pay?.freeStart
            ? [
                db
                  .update(members)
                  .set({ freeConversationsLeft: sql`${members.freeConversationsLeft} - 1` })
                  .where(and(eq(members.id, me), eq(members.paidUser, false), sql`changes() = 1`)),
              ]
            : []),
        ]
      : []),
    // both sides, made with the conversation: the recipient's unread count up, both active now
    insertSelect(
      db,
      conversationMembers,
      {
        conversationId: sql`c.id`,
        memberId: sql`v.m`,
        otherId: sql`v.o`,
        unread: sql`v.m = ${to}`,
        lastActivityAt: now,
        deletedUpTo: sql`0`,
      },
      sql`FROM conversations c, (SELECT ${me} AS m, ${to} AS o UNION ALL SELECT ${to}, ${me}) v WHERE ${isThis('c')} AND ${when}`,
    ).onConflictDoUpdate({
      target: [conversationMembers.conversationId, conversationMembers.memberId],
      set: { unread: sql`${conversationMembers.unread} + excluded.unread`, lastActivityAt: sql`excluded.last_activity_at` },
    }),
    // the payment: credits through the ledger, or one free message (both read the allowance before it changes)
    ...(pay
      ? [
          ...spendWhen(
            db,
            { memberId: me, amount: v(pay.price), reason: v(pay.reason), ref: v(pay.ref), at: now },
            and(when, not(free), sql`${v(pay.price)} > 0`)!,
          ),
          db
            .update(members)
            .set({ freeMessagesLeft: sql`${members.freeMessagesLeft} - 1` })
            .where(and(eq(members.id, me), when, free)),
        ]
      : []),
    // the message, at what it cost (its ledger row says it was paid)
    insertSelect(
      db,
      messages,
      {
        conversationId,
        senderId: me,
        kind: v(m.kind),
        text: v(m.text),
        gift: v(m.gift),
        imageKey: v(m.imageKey),
        imageThumbKey: v(m.imageThumbKey),
        clientId: v(m.clientId),
        credits: pay
          ? sql`CASE WHEN EXISTS (SELECT 1 FROM credit_ledger WHERE member_id = ${me} AND ref = ${v(pay.ref)}) THEN ${v(pay.price)} ELSE 0 END`
          : sql`0`,
        sentByOperator: m.sentByOperator === undefined ? sql`NULL` : v(m.sentByOperator),
        createdAt: now,
      },
      sql`WHERE ${when}`,
    ),
    // only when the message was just written: the conversation's last message, and the operators' queue
    db
      .update(conversations)
      .set({
        lastMessageId: sql`(SELECT max(id) FROM messages WHERE messages.conversation_id = conversations.id)`,
        lastMessageAt: now,
        // a member waiting for a fictional profile stays in the queue from the first unanswered message
        awaitingOperatorSince: sql`CASE WHEN (SELECT fictional FROM members WHERE members.id = ${to}) THEN coalesce(${conversations.awaitingOperatorSince}, ${now}) ELSE NULL END`,
      })
      .where(and(isThis('conversations'), sql`changes() = 1`)),
  ] as const;
}

/** A free member's text while the free allowance lasts: the payment's `free` condition for a member's send. */
export const freeText = (db: Db, senderId: SQL, kind: SQL) =>
  and(
    sql`${kind} = 'text'`,
    exists(
      db
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.id, senderId), eq(members.paidUser, false), gt(members.freeMessagesLeft, 0))),
    ),
  )!;
