import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MessageKind } from '../contracts/chat';
import { conversationMembers, conversations, messages } from '../db/schema';
import type { Db } from '../lib/db';

/** A message to store in an existing conversation (the conversation's id, or an SQL expression finding it in the same batch). */
export type StoredMessage = {
  conversationId: number | SQL;
  senderId: number;
  recipientId: number;
  kind: MessageKind;
  text: string | null;
  gift: string | null;
  /** An image message's R2 keys: display version and thumbnail. */
  imageKey: string | null;
  imageThumbKey: string | null;
  /** Unique per sender: a retried send finds its message by it. */
  clientId: string;
  /** What the message cost (its ledger row, when it cost anything, is the caller's). */
  credits: number;
  /** The operator who wrote it as the fictional profile (the chat console); a member's own message has none. */
  sentByOperator?: number | null;
  /** The recipient is a fictional profile: the conversation waits for the operators from its first unanswered message on. */
  toFictional: boolean;
  at: Date;
};

/**
 * Storing one message, for the caller's batch (a member's send in the chat, an operator's answer
 * in the console; each adds its own statements: the payment, the audit row, the lock): the
 * message, the conversation's last message and the operators' queue (joined by a message to a
 * fictional profile, left by any other), the recipient's unread count, and both sides' last
 * activity. The message's id is found by sender and client id (unique), so the statements need
 * no answer of the insert.
 */
export function storeMessage(db: Db, m: StoredMessage) {
  const now = m.at.toISOString();
  const id = sql`(SELECT id FROM messages WHERE sender_id = ${m.senderId} AND client_id = ${m.clientId})`;
  const side = (memberId: number) => and(sql`${conversationMembers.conversationId} = ${m.conversationId}`, eq(conversationMembers.memberId, memberId));
  return [
    db.insert(messages).values({
      conversationId: m.conversationId,
      senderId: m.senderId,
      kind: m.kind,
      text: m.text,
      gift: m.gift,
      imageKey: m.imageKey,
      imageThumbKey: m.imageThumbKey,
      clientId: m.clientId,
      credits: m.credits,
      sentByOperator: m.sentByOperator ?? null,
      createdAt: now,
    }),
    db
      .update(conversations)
      .set({
        lastMessageId: id as unknown as number,
        lastMessageAt: now,
        // a member waiting for a fictional profile stays in the queue from the first unanswered message
        awaitingOperatorSince: m.toFictional ? sql`coalesce(${conversations.awaitingOperatorSince}, ${now})` : null,
      })
      .where(sql`${conversations.id} = ${m.conversationId}`),
    db.update(conversationMembers).set({ unread: sql`${conversationMembers.unread} + 1`, lastActivityAt: now }).where(side(m.recipientId)),
    db.update(conversationMembers).set({ lastActivityAt: now }).where(side(m.senderId)),
  ] as const;
}
