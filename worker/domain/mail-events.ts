import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import * as z from 'zod';
import { mailOutbox, members } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from '../lib/clock';
import { getDb, type Db } from '../lib/db';

/**
 * Email Service's events about the mail we sent, as its event subscription (`--source
 * email.sending`) publishes them to the mail-events queue: `cf.email.sending.message.<event>`
 * with the message's id, sender and recipient in `payload` and the time in `metadata`
 * (tests/fixtures/email-events: the documented shapes). Only the queue's producer (Cloudflare)
 * can post there, yet an event is still checked against what we sent: it must name a mail of the
 * outbox by its Message-ID, to the address that mail went to, and be no older than the mail, no
 * older than EVENT_MAX_AGE_MS and not from the future. Anything else is refused (logged, dropped).
 */
const EVENTS = ['delivered', 'bounced', 'complained', 'failed', 'rejected', 'deferred'] as const;
export const emailEventSchema = z.object({
  type: z.enum(EVENTS.map((e) => `cf.email.sending.message.${e}` as const) as [`cf.email.sending.message.${(typeof EVENTS)[number]}`]),
  source: z.object({ type: z.literal('email.sending') }),
  payload: z.object({
    eventId: z.string().max(200),
    messageId: z.string().min(1).max(998),
    sender: z.string().max(320),
    recipient: z.string().max(320),
    bounce: z.object({ type: z.enum(['hard', 'soft']) }).optional(),
  }),
  metadata: z.object({ eventTimestamp: z.iso.datetime() }),
});
export type EmailEvent = z.infer<typeof emailEventSchema>;

/** A queue retains a message for at most 14 days: an event older than that is a replay. */
export const EVENT_MAX_AGE_MS = 14 * 86_400_000;
/** Email Service's clock and ours may differ a little. */
const SKEW_MS = 5 * 60_000;

/** What an event does: recorded on the mail, and a hard bounce, a complaint or a refusal of the address switches that member's mail off. */
type Effect = {
  reference: number;
  event: 'delivered' | 'bounced' | 'complained' | 'failed';
  disables: 'bounce' | 'spam_complaint' | null;
  at: string;
};

function effectOf(e: EmailEvent, reference: number): Effect | null {
  // one format (milliseconds, Z), so that events compare by time as text
  const at = new Date(e.metadata.eventTimestamp).toISOString();
  switch (e.type) {
    case 'cf.email.sending.message.delivered':
      return { reference, event: 'delivered', disables: null, at };
    case 'cf.email.sending.message.bounced':
      // a soft bounce (a full mailbox) is not the address's fault for good: nothing changes
      return e.payload.bounce?.type === 'soft' ? null : { reference, event: 'bounced', disables: 'bounce', at };
    case 'cf.email.sending.message.complained':
      return { reference, event: 'complained', disables: 'spam_complaint', at };
    case 'cf.email.sending.message.rejected':
      // refused before sending (a suppressed recipient: an earlier bounce or complaint)
      return { reference, event: 'failed', disables: 'bounce', at };
    case 'cf.email.sending.message.failed':
      return { reference, event: 'failed', disables: null, at };
    default:
      return null;
  }
}

export type Refusal = 'unreadable' | 'unknown_message' | 'other_recipient' | 'stale';

/**
 * Checks the events against the outbox (one read) and answers each one's effect or why it was
 * refused. An event is stale when it is older than EVENT_MAX_AGE_MS or than the mail it names, or
 * dated ahead of our clock by more than the skew (it would otherwise outrank every real event).
 */
export async function judgeEmailEvents(db: Db, bodies: unknown[], now = clock.now()) {
  const parsed = bodies.map((b) => emailEventSchema.safeParse(b));
  const ids = [...new Set(parsed.flatMap((p) => (p.success ? [p.data.payload.messageId] : [])))];
  // D1 binds at most 100 parameters a statement: the ids go in parts of 90
  const parts = Array.from({ length: Math.ceil(ids.length / 90) }, (_, i) => ids.slice(i * 90, (i + 1) * 90));
  const rows = (
    await Promise.all(
      parts.map((part) =>
        db
          .select({ id: mailOutbox.id, messageId: mailOutbox.messageId, to: mailOutbox.toAddress, sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          // eslint-disable-next-line no-restricted-syntax -- bounded: parts of 90 ids
          .where(inArray(mailOutbox.messageId, part)),
      ),
    )
  ).flat();
  const byMessage = new Map(rows.map((r) => [r.messageId!, r]));
  return parsed.map((p): { effect: Effect | null } | { refused: Refusal } => {
    if (!p.success) return { refused: 'unreadable' };
    const e = p.data;
    const mail = byMessage.get(e.payload.messageId);
    if (!mail || mail.sentAt === null) return { refused: 'unknown_message' };
    if (mail.to.toLowerCase() !== e.payload.recipient.trim().toLowerCase()) return { refused: 'other_recipient' };
    const at = Date.parse(e.metadata.eventTimestamp);
    if (at < now.getTime() - EVENT_MAX_AGE_MS || at < Date.parse(mail.sentAt) - SKEW_MS || at > now.getTime() + SKEW_MS)
      return { refused: 'stale' };
    return { effect: effectOf(e, mail.id) };
  });
}

/**
 * Applies accepted effects in one batch: each is recorded on its mail only when newer than the one
 * recorded, and a disabling one adds its reason to the member's `notifications_disabled` once,
 * only when that record changed (the statement right before it: `changes()`), so a repeated or
 * reordered event changes nothing, not even after the member switched mail on again; and only
 * while the member's address is still the one the mail went to (a member who changed address
 * meanwhile keeps mail). Answers the members changed.
 */
export async function applyEmailEffects(db: Db, effects: Effect[]) {
  if (!effects.length) return 0;
  const record = (e: Effect) =>
    db
      .update(mailOutbox)
      .set({ deliveryEvent: e.event, deliveryEventAt: e.at })
      .where(and(eq(mailOutbox.id, e.reference), or(isNull(mailOutbox.deliveryEventAt), lt(mailOutbox.deliveryEventAt, e.at))));
  const disable = (e: Effect, reason: NonNullable<Effect['disables']>) => {
    const add = sql`json_insert(${members.notificationsDisabled}, '$[#]', ${reason})`;
    const absent = sql`NOT EXISTS (SELECT 1 FROM json_each(${members.notificationsDisabled}) WHERE value = ${reason})`;
    const target = sql`(${members.id}, ${members.email}) IN (SELECT member_id, to_address FROM mail_outbox WHERE id = ${e.reference})`;
    // changes(): the rows the record just before this statement changed (D1 runs a batch's statements in order)
    return db
      .update(members)
      .set({ notificationsDisabled: add })
      .where(and(sql`changes() = 1`, target, absent))
      .returning({ id: members.id });
  };
  const statements = effects.flatMap((e) => (e.disables ? [record(e), disable(e, e.disables)] : [record(e)]));
  const results = (await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]])) as unknown[];
  return results.reduce<number>((n, rows) => n + (Array.isArray(rows) ? rows.length : 0), 0);
}

/**
 * The mail-events queue's consumer: judged, applied in one batch, every message acknowledged
 * (a refused event never becomes acceptable); if D1 fails the whole batch is retried.
 */
export async function consumeMailEvents(batch: MessageBatch<unknown>, env: Bindings) {
  const db = getDb(env.DB);
  const verdicts = await judgeEmailEvents(
    db,
    batch.messages.map((m) => m.body),
  );
  verdicts.forEach((v, i) => {
    if ('refused' in v)
      console.error(
        JSON.stringify({ level: 'warn', message: 'mail event refused', reason: v.refused, queue_message: batch.messages[i]!.id }),
      );
  });
  await applyEmailEffects(
    db,
    verdicts.flatMap((v) => ('effect' in v && v.effect ? [v.effect] : [])),
  );
  batch.ackAll();
}
