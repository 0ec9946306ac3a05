import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, conversationMembers, conversations, messages, operatorAnswers, operatorNotes } from '../../db/schema';
import { insertSelect, type Db } from '../../lib/db';
import { writeMessage } from '../../domain/messages';
import { insertAuditIf, type AuditValuesOf } from './operator.queries';

/**
 * The chat console's SQL. A conversation waits in the queue while `awaiting_operator_since` is
 * set (the member's send sets it, an answer clears it) and, checked here on every call, the
 * member is active, has not deleted the conversation (their side's `deleted_up_to` is below the
 * last message) and nobody blocked anybody. `c` is the conversation, `f` its fictional profile,
 * `m` the member, `cm` the member's side.
 */
const WAITING_FROM = sql.raw(`conversations c
  JOIN members f ON f.id IN (c.member_a, c.member_b) AND f.fictional = 1
  JOIN members m ON m.id = c.member_a + c.member_b - f.id AND m.fictional = 0
  JOIN conversation_members cm ON cm.conversation_id = c.id AND cm.member_id = m.id`);
const waitingWhere = (
  companyId: number,
) => sql`c.awaiting_operator_since IS NOT NULL AND c.company_id = ${companyId} AND m.status = 'active'
  AND cm.deleted_up_to < coalesce(c.last_message_id, 0)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = m.id AND b.blocked_id = f.id) OR (b.blocker_id = f.id AND b.blocked_id = m.id))`;

export type QueueRow = {
  conversation: number;
  waiting_since: string;
  site: string;
  language: string;
  member_id: number;
  member_name: string;
  birth_date: string;
  country: string;
  fictional_id: number;
  fictional_name: string;
  last_kind: 'text' | 'gift' | 'image' | null;
  last_text: string | null;
  last_gift: string | null;
  last_at: string | null;
  locked_by: number | null;
  locked_until: string | null;
  lock_operator: string | null;
};
type QueueFilters = { site?: string | undefined; language?: string | undefined; after?: { since: string; id: number } | null };
const filtersOf = (f: QueueFilters) =>
  sql.join(
    [
      ...(f.site ? [sql`AND m.home_site = ${f.site}`] : []),
      ...(f.language ? [sql`AND m.language = ${f.language}`] : []),
      ...(f.after ? [sql`AND (c.awaiting_operator_since, c.id) > (${f.after.since}, ${f.after.id})`] : []),
    ],
    sql` `,
  );

/** A page of the queue, oldest waiting first (keyset on the time and the id), with who holds a live lock. */
export const queuePage = (db: Db, companyId: number, f: QueueFilters, now: Date, limit: number) =>
  db.all<QueueRow>(sql`SELECT c.id AS conversation, c.awaiting_operator_since AS waiting_since, m.home_site AS site, m.language AS language,
      m.id AS member_id, m.name AS member_name, m.birth_date AS birth_date, m.country AS country, f.id AS fictional_id, f.name AS fictional_name,
      lm.kind AS last_kind, lm.text AS last_text, lm.gift AS last_gift, lm.created_at AS last_at,
      CASE WHEN c.locked_until > ${now.toISOString()} THEN c.locked_by END AS locked_by, c.locked_until AS locked_until, o.name AS lock_operator
    FROM ${WAITING_FROM}
    LEFT JOIN messages lm ON lm.id = c.last_message_id
    LEFT JOIN operators o ON o.id = c.locked_by AND c.locked_until > ${now.toISOString()}
    WHERE ${waitingWhere(companyId)} ${filtersOf(f)}
    ORDER BY c.awaiting_operator_since, c.id
    LIMIT ${limit}`);

/** How many wait per site and language, in one pass: the filters' choices and, summed over the chosen ones, the count. */
export const queueGroups = (db: Db, companyId: number) =>
  db.all<{ site: string; language: string; n: number }>(
    sql`SELECT m.home_site AS site, m.language AS language, count(*) AS n FROM ${WAITING_FROM} WHERE ${waitingWhere(companyId)} GROUP BY 1, 2`,
  );

/** Renewed (typing) only while the lock is still mine and live. */
export const renewLock = (db: Db, id: number, companyId: number, operatorId: number, now: Date, until: Date) =>
  db.all<{ locked_until: string }>(sql`UPDATE conversations SET locked_until = ${until.toISOString()}
    WHERE id = ${id} AND company_id = ${companyId} AND locked_by = ${operatorId} AND locked_until > ${now.toISOString()} RETURNING locked_until`);

/**
 * The audit row of a lock's release (`chat.release`, as an answer writes `chat.answer`), for the
 * release's batch, just before it: inserted only when `where` (over `conversations`) finds the lock
 * that is being released, so a release that finds nothing writes nothing. The actor is `actor` (the
 * operator or admin who released it; for a timeout the operator whose lock ran out); the row keeps
 * the holder, the time the lock ran to, and why.
 */
const releaseAudit = (db: Db, where: SQL, actor: SQL, reason: SQL, at: Date) =>
  insertSelect(
    db,
    auditLog,
    {
      companyId: sql`conversations.company_id`,
      operatorId: actor,
      action: sql`'chat.release'`,
      objectType: sql`'conversation'`,
      objectId: sql`CAST(conversations.id AS TEXT)`,
      before: sql`json_object('locked_by', conversations.locked_by, 'locked_until', conversations.locked_until)`,
      after: sql`json_object('reason', ${reason}, 'held_by', conversations.locked_by)`,
      createdAt: sql`${at.toISOString()}`,
    },
    sql`FROM conversations WHERE ${where}`,
  );
const unlock = (db: Db, where: SQL) =>
  db.update(conversations).set({ lockedBy: null, lockedUntil: null }).where(where).returning({ id: conversations.id });
const stillWaiting = (id: number, companyId: number) =>
  sql`conversations.id IN (SELECT c.id FROM ${WAITING_FROM} WHERE c.id = ${id} AND ${waitingWhere(companyId)})`;

/**
 * Released by hand, with its audit row: an operator releases their own live lock, an admin any live
 * lock of the company (a colleague who left the desk). Answers whether a lock was released.
 */
export async function releaseLock(db: Db, id: number, companyId: number, operatorId: number, asAdmin: boolean, now: Date) {
  const held = sql`conversations.id = ${id} AND conversations.company_id = ${companyId} AND conversations.locked_by IS NOT NULL AND conversations.locked_until > ${now.toISOString()} ${asAdmin ? sql`` : sql`AND conversations.locked_by = ${operatorId}`}`;
  const [, released] = await db.batch([
    releaseAudit(
      db,
      held,
      sql`${operatorId}`,
      sql`CASE WHEN conversations.locked_by = ${operatorId} THEN 'operator' ELSE 'admin' END`,
      now,
    ),
    unlock(db, held),
  ]);
  return released.length > 0;
}

/**
 * Takes a lock (free, expired or mine, and the conversation still waiting in this company): one
 * conditional UPDATE, so of two operators exactly one wins. Taking over a colleague's lock that ran
 * out writes that lock's release (`timeout`) in the same batch.
 */
export async function takeLock(db: Db, id: number, companyId: number, operatorId: number, now: Date, until: Date) {
  const at = now.toISOString();
  const expiredOther = sql`conversations.id = ${id} AND conversations.locked_by IS NOT NULL AND conversations.locked_by != ${operatorId} AND conversations.locked_until <= ${at} AND ${stillWaiting(id, companyId)}`;
  const [, taken] = await db.batch([
    releaseAudit(db, expiredOther, sql`conversations.locked_by`, sql`'timeout'`, now),
    db
      .update(conversations)
      .set({ lockedBy: operatorId, lockedUntil: until.toISOString() })
      .where(
        sql`conversations.id = ${id} AND (conversations.locked_by IS NULL OR conversations.locked_until <= ${at} OR conversations.locked_by = ${operatorId}) AND ${stillWaiting(id, companyId)}`,
      )
      .returning({ locked_until: conversations.lockedUntil }),
  ]);
  return taken as { locked_until: string }[];
}

/**
 * Locks that ran out and nobody took over (the operator left the screen open, closed it, lost the
 * connection): released with their audit row (`timeout`) by the job every 5 minutes, so the log
 * shows every release, not only the ones someone noticed.
 */
export async function releaseExpiredLocks(db: Db, now: Date) {
  const expired = sql`conversations.locked_by IS NOT NULL AND conversations.locked_until <= ${now.toISOString()}`;
  const [, released] = await db.batch([releaseAudit(db, expired, sql`conversations.locked_by`, sql`'timeout'`, now), unlock(db, expired)]);
  return released.length;
}

export type LockedRow = {
  conversation: number;
  member_id: number;
  fictional_id: number;
  fictional_name: string;
  site: string;
  waiting_since: string;
  locked_until: string;
};
/** The conversation, if it waits in this company and its lock is mine and live. */
const lockedWhere = (id: number, companyId: number, operatorId: number, now: Date) =>
  sql`c.id = ${id} AND ${waitingWhere(companyId)} AND c.locked_by = ${operatorId} AND c.locked_until > ${now.toISOString()}`;
export const lockedConversation = async (db: Db, id: number, companyId: number, operatorId: number, now: Date) =>
  (
    await db.all<LockedRow>(sql`SELECT c.id AS conversation, m.id AS member_id, f.id AS fictional_id, f.name AS fictional_name, m.home_site AS site, c.awaiting_operator_since AS waiting_since, c.locked_until AS locked_until
      FROM ${WAITING_FROM} WHERE ${lockedWhere(id, companyId, operatorId, now)}`)
  )[0] ?? null;

/** What the answering screen shows (read in parallel): the member's profile and photos, the fictional profile with its note and photos, the conversation, the notes. */
export function screenStatements(db: Db, l: LockedRow, limit: number) {
  return [
    db.all<{
      id: number;
      name: string;
      birth_date: string;
      gender: string;
      country: string;
      region: string | null;
      city: string | null;
      language: string;
      about_me: string | null;
    }>(sql`SELECT id, name, birth_date, gender, country, region, city, language, about_me FROM members WHERE id = ${l.member_id}`),
    db.all<{ id: string; member_id: number }>(
      sql`SELECT id, member_id FROM photos WHERE member_id IN (${l.member_id}, ${l.fictional_id}) AND status = 'active' ORDER BY created_at`,
    ),
    db.all<{ id: number; name: string; birth_date: string; note: string | null }>(
      sql`SELECT m.id, m.name, m.birth_date, p.note FROM members m LEFT JOIN fictional_personas p ON p.member_id = m.id WHERE m.id = ${l.fictional_id}`,
    ),
    db.select().from(messages).where(eq(messages.conversationId, l.conversation)).orderBy(desc(messages.id)).limit(limit),
    db.all<{ id: number; note: string; created_at: string; operator: string | null }>(
      sql`SELECT n.id, n.note, n.created_at, o.name AS operator FROM operator_notes n LEFT JOIN operators o ON o.id = n.operator_id
        WHERE n.member_id = ${l.member_id} AND n.fictional_id = ${l.fictional_id} ORDER BY n.id DESC LIMIT 100`,
    ),
  ] as const;
}

/** A photo of either member of the locked conversation (active), or an image message of it. */
export const photoOfPair = (db: Db, photoId: string, l: LockedRow) =>
  db.all<{ key: string; thumb_key: string | null; content_type: string }>(
    sql`SELECT key, thumb_key, content_type FROM photos WHERE id = ${photoId} AND member_id IN (${l.member_id}, ${l.fictional_id}) AND status = 'active'`,
  );
export const imageOfConversation = (db: Db, messageId: number, conversationId: number) =>
  db.all<{ key: string; thumb_key: string | null }>(
    sql`SELECT image_key AS key, image_thumb_key AS thumb_key FROM messages WHERE id = ${messageId} AND conversation_id = ${conversationId} AND image_key IS NOT NULL`,
  );

/** An earlier answer with this client id (a retry): the same message. */
export const answerByClientId = (db: Db, fictionalId: number, clientId: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, fictionalId), eq(messages.clientId, clientId)))
    .limit(1);

export type Answer = {
  locked: LockedRow;
  operatorId: number;
  companyId: number;
  kind: 'text' | 'gift' | 'image';
  text: string | null;
  gift: string | null;
  imageKey: string | null;
  imageThumbKey: string | null;
  clientId: string;
  at: Date;
  audit: Omit<AuditValuesOf, 'companyId' | 'operatorId' | 'at'>;
};

/**
 * An operator's answer, all or nothing: the audit row first, written only while the lock is mine
 * and the conversation still waits (else the NOT NULL of its company fails and D1 rolls the whole
 * batch back: 409); the message stored as any message is (writeMessage, the chat's own writer: the conversation's last
 * message, out of the queue, the member's unread count, both sides' activity) as the fictional
 * profile's, free (credits 0) and with the operator's id; its figures row; the lock released; the
 * profile's side read and the member's messages read; the message as written.
 */
export function answerStatements(db: Db, a: Answer) {
  const now = a.at.toISOString();
  const { locked: l } = a;
  const messageId = sql`(SELECT id FROM messages WHERE sender_id = ${l.fictional_id} AND client_id = ${a.clientId})`;
  return {
    audit: insertAuditIf(
      db,
      { ...a.audit, companyId: a.companyId, operatorId: a.operatorId, at: a.at },
      sql`EXISTS (SELECT 1 FROM ${WAITING_FROM} WHERE ${lockedWhere(l.conversation, a.companyId, a.operatorId, a.at)})`,
    ),
    writes: writeMessage(db, {
      conversation: { id: l.conversation },
      senderId: l.fictional_id,
      recipientId: l.member_id,
      kind: a.kind,
      text: a.text,
      gift: a.gift,
      imageKey: a.imageKey,
      imageThumbKey: a.imageThumbKey,
      clientId: a.clientId,
      sentByOperator: a.operatorId,
      at: now,
    }),
    figures: db.insert(operatorAnswers).values({
      messageId: messageId as unknown as number,
      companyId: a.companyId,
      site: l.site,
      operatorId: a.operatorId,
      waitedMs: Math.max(0, a.at.getTime() - Date.parse(l.waiting_since)),
      createdAt: now,
    }),
    // the lock released with the answer (writeMessage took the conversation out of the queue)
    unlock: db.update(conversations).set({ lockedBy: null, lockedUntil: null }).where(eq(conversations.id, l.conversation)),
    // the profile read what it answers, and its side has nothing unread, as when a member opens a conversation and answers
    sideRead: db
      .update(conversationMembers)
      .set({ unread: 0 })
      .where(and(eq(conversationMembers.conversationId, l.conversation), eq(conversationMembers.memberId, l.fictional_id))),
    messagesRead: db
      .update(messages)
      .set({ readAt: now })
      .where(and(eq(messages.conversationId, l.conversation), eq(messages.senderId, l.member_id), isNull(messages.readAt))),
    message: answerByClientId(db, l.fictional_id, a.clientId),
  };
}

export const insertNote = (
  db: Db,
  n: { companyId: number; memberId: number; fictionalId: number; operatorId: number; note: string; at: Date },
) =>
  db
    .insert(operatorNotes)
    .values({
      companyId: n.companyId,
      memberId: n.memberId,
      fictionalId: n.fictionalId,
      operatorId: n.operatorId,
      note: n.note,
      createdAt: n.at.toISOString(),
    })
    .returning();

// ---- figures (admin) ----

type Range = { companyId: number; from: string; to: string };
const inRange = (column: SQL, r: Range) => sql`${column} >= ${r.from} AND ${column} < ${r.to}`;

/** Paid purchases per site, day and currency. */
export const purchasesByDay = (db: Db, r: Range) =>
  db.all<{ site: string; day: string; currency: string; purchases: number; amount: number }>(
    sql`SELECT site, substr(paid_at, 1, 10) AS day, currency, count(*) AS purchases, sum(amount) AS amount FROM payments
      WHERE company_id = ${r.companyId} AND status = 'paid' AND ${inRange(sql.raw('paid_at'), r)} GROUP BY 1, 2, 3`,
  );
/** Credits members spent (negative ledger rows), by the member's home site and day. */
export const creditsSpentByDay = (db: Db, r: Range) =>
  db.all<{ site: string; day: string; credits: number }>(
    sql`SELECT m.home_site AS site, substr(l.created_at, 1, 10) AS day, -sum(l.delta) AS credits FROM credit_ledger l JOIN members m ON m.id = l.member_id
      WHERE m.company_id = ${r.companyId} AND l.delta < 0 AND ${inRange(sql.raw('l.created_at'), r)} GROUP BY 1, 2`,
  );
/** Messages members wrote to fictional profiles, by the member's home site and day. */
export const memberMessagesByDay = (db: Db, r: Range) =>
  db.all<{ site: string; day: string; n: number }>(
    sql`SELECT m.home_site AS site, substr(x.created_at, 1, 10) AS day, count(*) AS n FROM messages x
      JOIN conversations c ON c.id = x.conversation_id
      JOIN members m ON m.id = x.sender_id AND m.fictional = 0
      JOIN members f ON f.id = c.member_a + c.member_b - x.sender_id AND f.fictional = 1
      WHERE c.company_id = ${r.companyId} AND ${inRange(sql.raw('x.created_at'), r)} GROUP BY 1, 2`,
  );
/** Every operator answer in the range (the medians are computed from them). */
export const answersInRange = (db: Db, r: Range) =>
  db.all<{ site: string; day: string; operator_id: number; waited_ms: number; name: string | null }>(
    sql`SELECT a.site, substr(a.created_at, 1, 10) AS day, a.operator_id, a.waited_ms, o.name FROM operator_answers a LEFT JOIN operators o ON o.id = a.operator_id
      WHERE a.company_id = ${r.companyId} AND ${inRange(sql.raw('a.created_at'), r)}`,
  );

/** Erasure: every note about the member, or kept for them as a fictional profile. */
export const eraseOperatorNotes = (db: Db, memberId: number) => [
  db.delete(operatorNotes).where(or(eq(operatorNotes.memberId, memberId), eq(operatorNotes.fictionalId, memberId))),
];
