import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { conversationMembers, conversations, members, messages } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';
import { inList } from '../../lib/db';
import { allArchived } from './chat.archive';

const extension = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1] ?? 'bin';

/**
 * The member's conversations with every message in them (theirs and the other side's: both are
 * what the member took part in), the other member by name only, and the images the member sent
 * (their display versions). Images the other side sent are that member's, and stay out.
 */
export async function exportChat({ db, env, memberId }: ExportContext): Promise<ExportPart[]> {
  const other = alias(members, 'other');
  const sides = await db
    .select({
      id: conversationMembers.conversationId,
      otherName: other.name,
      startedBy: conversations.startedBy,
      createdAt: conversations.createdAt,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(other, eq(other.id, conversationMembers.otherId))
    .where(eq(conversationMembers.memberId, memberId));
  if (!sides.length) return [{ path: 'conversations.json', json: [] }];
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      kind: messages.kind,
      text: messages.text,
      gift: messages.gift,
      imageKey: messages.imageKey,
      credits: messages.credits,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      removedAt: messages.removedAt,
    })
    .from(messages)
    .where(
      inList(
        messages.conversationId,
        sides.map((s) => s.id),
      ),
    )
    .orderBy(messages.conversationId, messages.id);
  // with the messages the archive job moved to R2 (chat.archive.ts), in the same order
  const archived = await allArchived(
    db,
    env,
    sides.map((s) => s.id),
  );
  if (archived.length) {
    rows.push(...archived);
    rows.sort((x, y) => x.conversationId - y.conversationId || x.id - y.id);
  }
  const images: ExportPart[] = [];
  const byConversation = new Map<number, unknown[]>();
  for (const m of rows) {
    const mine = m.senderId === memberId;
    let image: string | null = null;
    if (mine && m.imageKey) {
      image = `chat-images/${m.id}.${extension(m.imageKey)}`;
      images.push({ path: image, key: m.imageKey });
    }
    const list = byConversation.get(m.conversationId) ?? [];
    // a message a moderator removed says so (its content is gone)
    const removed = m.removedAt ? { text: null, removed_by_moderator: true, removed_at: m.removedAt } : {};
    list.push({
      from: mine ? 'me' : 'other',
      kind: m.kind,
      text: m.text,
      gift: m.gift,
      image,
      credits: mine ? m.credits : undefined,
      sent_at: m.createdAt,
      read_at: m.readAt,
      ...removed,
    });
    byConversation.set(m.conversationId, list);
  }
  const list = sides.map((s) => ({
    id: s.id,
    with: s.otherName,
    started_by_me: s.startedBy === memberId,
    started_at: s.createdAt,
    messages: byConversation.get(s.id) ?? [],
  }));
  return [{ path: 'conversations.json', json: list }, ...images];
}
