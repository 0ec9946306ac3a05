import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { conversationMembers, conversations, members } from '../db/schema';
import type { Db } from '../lib/db';
import { visibleMembers } from './members';

/**
 * Conversations as a member's list counts them: their side, with another member they may still
 * see on this site's niche (one pool, confirmed, visible, nobody blocked either way), and a message
 * past what they deleted. The chat list and the `user` object's unread total share this, so the
 * badge and the list can never disagree. Meant for a query over conversation_members CROSS JOIN
 * members INNER JOIN conversations.
 */
export const listedConversations = (me: { id: number | SQL; companyId: number | SQL }, niche: number | SQL) =>
  and(
    visibleMembers(me.companyId, me.id),
    eq(members.niche, niche),
    eq(conversationMembers.memberId, me.id),
    eq(members.id, conversationMembers.otherId),
    gt(conversations.lastMessageId, conversationMembers.deletedUpTo),
  )!;

/** The unread messages over the member's listed conversations (chats.php `total_unread`, the user's `unread_messages`); one row. */
export const unreadTotal = (db: Db, me: { id: number | SQL; companyId: number | SQL }, niche: number | SQL) =>
  db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)` })
    .from(conversationMembers)
    .crossJoin(members)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(listedConversations(me, niche), gt(conversationMembers.unread, 0)));
