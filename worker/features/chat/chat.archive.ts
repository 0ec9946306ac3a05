import { and, asc, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { conversationMembers, conversations, messageArchives, messages } from '../../db/schema';
import type { Bindings } from '../../env';
import { inList, type Db } from '../../lib/db';
import type { MessageRow } from './chat.queries';

/**
 * The message archive (docs/decisions, "Idle conversations' messages move to R2"): a conversation
 * idle for ARCHIVE_AFTER_DAYS (env ARCHIVE_AFTER_DAYS overrides) has its messages moved out of D1
 * into R2, one gzipped JSON object per conversation and calendar month, listed in
 * `message_archives`. Image messages stay in D1 (their files are found and checked by key).
 * Paging reads D1 first and the archive only when a page reaches past `archived_up_to`.
 */
export const ARCHIVE_AFTER_DAYS = 180;
/** Conversations one run of the job moves (it runs every 5 minutes: 57,600 a day at most). */
export const ARCHIVE_PER_RUN = 200;
const PREFIX = 'archive/messages';

type ArchiveObject = { conversation: number; messages: MessageRow[] };

const idleDays = (env: Bindings) => {
  const days = Number(env.ARCHIVE_AFTER_DAYS ?? ARCHIVE_AFTER_DAYS);
  return Number.isFinite(days) && days > 0 ? days : ARCHIVE_AFTER_DAYS;
};

async function gzip(text: string) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An archive object's messages (none when the object is gone). */
async function readObject(env: Bindings, key: string): Promise<MessageRow[]> {
  const object = await env.PHOTOS.get(key);
  if (!object) return [];
  const text = await new Response(object.body.pipeThrough(new DecompressionStream('gzip'))).text();
  return (JSON.parse(text) as ArchiveObject).messages;
}

async function writeObject(env: Bindings, key: string, conversation: number, rows: MessageRow[]) {
  const body = await gzip(JSON.stringify({ conversation, messages: rows } satisfies ArchiveObject));
  await env.PHOTOS.put(key, body, { httpMetadata: { contentType: 'application/json', contentEncoding: 'gzip' } });
  return body.byteLength;
}

/**
 * Moves one conversation's messages up to `upTo` (its last message when the job chose it) to R2.
 * Objects first, then one batch: their rows, the messages deleted, `archived_up_to` moved on (only
 * from the value read, so two runs never both move it). A run that stops between the two leaves
 * objects that the next run writes again under the same keys with the same content: resumable.
 */
export async function archiveConversation(db: Db, env: Bindings, conversationId: number, upTo: number, now: Date) {
  const [conversation] = await db
    .select({ archivedUpTo: conversations.archivedUpTo })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  if (!conversation || conversation.archivedUpTo >= upTo) return 0;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        gt(messages.id, conversation.archivedUpTo),
        lte(messages.id, upTo),
        isNull(messages.imageKey),
      ),
    )
    .orderBy(asc(messages.id));
  const periods = new Map<string, MessageRow[]>();
  for (const m of rows) periods.set(m.createdAt.slice(0, 7), [...(periods.get(m.createdAt.slice(0, 7)) ?? []), m]);
  const archived: (typeof messageArchives.$inferInsert)[] = [];
  for (const [period, list] of periods) {
    const key = `${PREFIX}/${conversationId}/${period}.${list[0]!.id}.json.gz`;
    const bytes = await writeObject(env, key, conversationId, list);
    archived.push({
      conversationId,
      firstId: list[0]!.id,
      lastId: list.at(-1)!.id,
      period,
      key,
      messages: list.length,
      bytes,
      createdAt: now.toISOString(),
    });
  }
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(conversations)
      .set({ archivedUpTo: upTo })
      .where(and(eq(conversations.id, conversationId), eq(conversations.archivedUpTo, conversation.archivedUpTo))),
    ...archived.map((a) => db.insert(messageArchives).values(a).onConflictDoNothing()),
  ];
  // the messages read, out of D1; one a moderator removed meanwhile stays (its removal wins over the archived copy)
  const ids = (list: MessageRow[]) => list.map((m) => m.id);
  const clean = rows.filter((m) => m.removedAt === null);
  const removed = rows.filter((m) => m.removedAt !== null);
  if (clean.length)
    statements.push(
      db
        .delete(messages)
        .where(and(eq(messages.conversationId, conversationId), inList(messages.id, ids(clean)), isNull(messages.removedAt))),
    );
  if (removed.length)
    statements.push(db.delete(messages).where(and(eq(messages.conversationId, conversationId), inList(messages.id, ids(removed)))));
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return rows.length;
}

/** The scheduled job: the conversations idle longest first, ARCHIVE_PER_RUN of them. */
export async function archiveIdleConversations({ db, env, now }: { db: Db; env: Bindings; now: Date }) {
  const cutoff = new Date(now.getTime() - idleDays(env) * 86_400_000).toISOString();
  const due = await db
    .select({ id: conversations.id, lastMessageId: conversations.lastMessageId })
    .from(conversations)
    .where(and(lt(conversations.lastMessageAt, cutoff), sql`${conversations.lastMessageId} > ${conversations.archivedUpTo}`))
    .orderBy(asc(conversations.lastMessageAt))
    .limit(ARCHIVE_PER_RUN);
  let moved = 0;
  let failed = 0;
  // one conversation that fails (R2 or D1 down a moment) is tried again on the next run; the others go on
  for (const c of due)
    try {
      moved += await archiveConversation(db, env, c.id, c.lastMessageId!, now);
    } catch (err) {
      failed++;
      console.error(JSON.stringify({ type: 'error', message: 'archive: a conversation failed', conversation: c.id, error: String(err) }));
    }
  return { conversations: due.length - failed, messages: moved, failed };
}

/** The archived messages of a conversation with ids between `after` and `before` (exclusive), newest first, at most `limit`. */
export async function archivedMessages(
  db: Db,
  env: Bindings,
  conversationId: number,
  range: { after: number; before: number; limit: number },
) {
  const objects = await db
    .select({ key: messageArchives.key })
    .from(messageArchives)
    .where(
      and(
        eq(messageArchives.conversationId, conversationId),
        lt(messageArchives.firstId, range.before),
        gt(messageArchives.lastId, range.after),
      ),
    )
    .orderBy(sql`${messageArchives.firstId} DESC`);
  const out: MessageRow[] = [];
  for (const o of objects) {
    const rows = await readObject(env, o.key);
    for (let i = rows.length - 1; i >= 0; i--) if (rows[i]!.id < range.before && rows[i]!.id > range.after) out.push(rows[i]!);
    if (out.length >= range.limit) break;
  }
  return out.slice(0, range.limit);
}

/**
 * A page read from D1 (`rows`: newest first, up to one more than a page) completed from the
 * archive when it reaches past what was archived. D1's copy of a message wins over the archive's.
 */
export async function withArchived(
  db: Db,
  env: Bindings,
  rows: MessageRow[],
  at: { conversation: number; archivedUpTo: number; deletedUpTo: number; before: number; pageSize: number },
) {
  if (at.archivedUpTo <= at.deletedUpTo) return rows;
  if (rows.length > at.pageSize && rows[at.pageSize]!.id > at.archivedUpTo) return rows;
  const archived = await archivedMessages(db, env, at.conversation, {
    after: at.deletedUpTo,
    before: Math.min(at.before, at.archivedUpTo + 1),
    limit: at.pageSize + 1,
  });
  const seen = new Set(rows.map((m) => m.id));
  return [...rows, ...archived.filter((m) => !seen.has(m.id))].sort((x, y) => y.id - x.id).slice(0, at.pageSize + 1);
}

/** Every archived message of these conversations (the export), oldest first per conversation. */
export async function allArchived(db: Db, env: Bindings, conversationIds: number[]) {
  if (!conversationIds.length) return [];
  const objects = await db
    .select({ key: messageArchives.key })
    .from(messageArchives)
    .where(inList(messageArchives.conversationId, conversationIds))
    .orderBy(messageArchives.conversationId, messageArchives.firstId);
  const out: MessageRow[] = [];
  for (const o of objects) out.push(...(await readObject(env, o.key)));
  return out;
}

/**
 * Erasure: the member's messages out of every archive object of their conversations (objects
 * first: each rewritten without them, or deleted when nothing is left), then the statements that
 * bring `message_archives` in line. Running it again finds nothing more to take out.
 */
export async function eraseArchived(db: Db, env: Bindings, memberId: number): Promise<BatchItem<'sqlite'>[]> {
  const objects = await db
    .select({ conversationId: messageArchives.conversationId, firstId: messageArchives.firstId, key: messageArchives.key })
    .from(messageArchives)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messageArchives.conversationId), eq(conversationMembers.memberId, memberId)),
    );
  const statements: BatchItem<'sqlite'>[] = [];
  for (const o of objects) {
    const rows = await readObject(env, o.key);
    const kept = rows.filter((m) => m.senderId !== memberId);
    const where = and(eq(messageArchives.conversationId, o.conversationId), eq(messageArchives.firstId, o.firstId));
    if (!kept.length) {
      await env.PHOTOS.delete(o.key);
      statements.push(db.delete(messageArchives).where(where));
    } else if (kept.length < rows.length) {
      const bytes = await writeObject(env, o.key, o.conversationId, kept);
      statements.push(db.update(messageArchives).set({ messages: kept.length, bytes }).where(where));
    }
  }
  return statements;
}
