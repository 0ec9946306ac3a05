import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { mailOutbox, smsOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import { getDb, type Db } from './db';
import { MailSendError, sendMail } from './mail';
import { redactCodes, sendSms, smsGateway, SmsSendError } from './sms';

/**
 * Deliveries through Cloudflare Queues. A mail or SMS is first a row of its outbox, written in the
 * same D1 batch as what it is about (nothing is lost if the request dies after it). Once that batch
 * has committed, `enqueuePending` hands the new rows to the deliveries queue, one message per row;
 * the queue's consumer (`consumeDeliveries`) sends each through its provider with retries and
 * backoff, and what fails every retry lands on the dead-letter queue (`consumeDeadLetters`), which
 * marks the row given up. The 5-minute cron only sweeps: rows never enqueued (the request died
 * between its batch and the enqueue) or enqueued more than REENQUEUE_AFTER_MS ago and still unsent.
 *
 * A consumer claims a row before sending it, in one UPDATE, so a row that is in the queue twice
 * (a sweep raced a retry) still goes out once.
 */

/** A queue message: which outbox row to deliver. */
export const deliverySchema = z.strictObject({ t: z.enum(['mail', 'sms']), id: z.number().int().positive() });
export type Delivery = z.infer<typeof deliverySchema>;
type Kind = Delivery['t'];

const TABLES = { mail: 'mail_outbox', sms: 'sms_outbox' } as const satisfies Record<Kind, string>;
/** Queue.sendBatch takes at most 100 messages. */
const ENQUEUE_BATCH = 100;
/** The sweep re-enqueues a row that has waited this long since it was enqueued. */
export const REENQUEUE_AFTER_MS = 3 * 60_000;
/** A claim older than this was abandoned (the consumer died mid-send): the row may be claimed again. */
const CLAIM_MS = 2 * 60_000;
/** A row is tried at most this often, whatever the queue's retries and the sweeps add up to. */
export const MAX_ATTEMPTS = 8;
/** Sends of one consumer batch in flight at once (a Worker may hold 6 connections). */
const IN_FLIGHT = 6;

/** The queue's retry delay after the n-th failed attempt: 10 s, 30 s, 90 s, 270 s, then 15 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(10 * 3 ** Math.max(0, attempt - 1), 900);

/**
 * Hands pending rows of one outbox to the deliveries queue, up to `limit` (rounds of 100: one
 * UPDATE marks them enqueued, one sendBatch sends their ids). Without `sweep` only rows never
 * enqueued; with it also those enqueued more than REENQUEUE_AFTER_MS ago and still unsent.
 * SMS without a gateway (development) stay in the outbox for /dev/sms. Answers how many were enqueued.
 */
export async function enqueuePending(env: Bindings, kind: Kind, { sweep = false, limit = ENQUEUE_BATCH, until }: { sweep?: boolean; limit?: number; until?: number } = {}) {
  if (kind === 'sms' && !smsGateway(env)) {
    if (env.ENVIRONMENT !== 'development') console.error(JSON.stringify({ level: 'error', message: 'sms: no gateway configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); SMS stay queued' }));
    return 0;
  }
  const table = TABLES[kind];
  let done = 0;
  while (done < limit && (until === undefined || Date.now() < until)) {
    const now = clock.now();
    const waitedSince = sweep ? new Date(now.getTime() - REENQUEUE_AFTER_MS).toISOString() : '';
    const take = Math.min(ENQUEUE_BATCH, limit - done);
    // the partial index <table>_pending holds exactly the rows this reads
    const { results } = await env.DB.prepare(
      `UPDATE ${table} SET enqueued_at = ?1
       WHERE id IN (SELECT id FROM ${table} WHERE sent_at IS NULL AND failed_at IS NULL AND (enqueued_at IS NULL OR enqueued_at < ?2) ORDER BY id LIMIT ?3)
       RETURNING id`,
    )
      .bind(now.toISOString(), waitedSince, take)
      .all<{ id: number }>();
    if (!results.length) break;
    try {
      await env.DELIVERIES.sendBatch(results.map(({ id }) => ({ body: { t: kind, id } satisfies Delivery, contentType: 'json' as const })));
    } catch (error) {
      // the next sweep finds them again
      console.error(JSON.stringify({ level: 'error', message: 'deliveries: enqueue failed', kind, count: results.length, error: String(error) }));
      break;
    }
    done += results.length;
    if (results.length < take) break;
  }
  return done;
}

type Outcome = 'done' | 'retry';

/** Claims one row for sending: unsent, not given up, under MAX_ATTEMPTS, and nobody else's fresh claim. */
const claimable = (table: typeof mailOutbox | typeof smsOutbox, id: number, now: Date) =>
  and(
    eq(table.id, id),
    isNull(table.sentAt),
    isNull(table.failedAt),
    lt(table.attempts, MAX_ATTEMPTS),
    or(isNull(table.claimedAt), lt(table.claimedAt, new Date(now.getTime() - CLAIM_MS).toISOString())),
  );

async function deliverMail(env: Bindings, db: Db, id: number): Promise<Outcome> {
  const now = clock.now();
  const [mail] = await db
    .update(mailOutbox)
    .set({ claimedAt: now.toISOString(), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(claimable(mailOutbox, id, now))
    .returning();
  // sent, given up, or being sent by another consumer: this message has nothing left to do
  if (!mail) return 'done';
  try {
    const messageId = await sendMail(env, mail);
    await db.update(mailOutbox).set({ sentAt: clock.now().toISOString(), messageId, error: null, claimedAt: null }).where(eq(mailOutbox.id, id));
    return 'done';
  } catch (error) {
    const permanent = error instanceof MailSendError && error.permanent;
    await db
      .update(mailOutbox)
      .set({ error: String(error instanceof Error ? error.message : error), claimedAt: null, ...(permanent ? { failedAt: clock.now().toISOString() } : {}) })
      .where(eq(mailOutbox.id, id));
    console.error(JSON.stringify({ level: 'error', message: 'mail: send failed', mail: id, permanent, error: error instanceof Error ? error.message : String(error) }));
    return permanent ? 'done' : 'retry';
  }
}

async function deliverSms(env: Bindings, db: Db, id: number, send: typeof fetch): Promise<Outcome> {
  const now = clock.now();
  const [sms] = await db
    .update(smsOutbox)
    .set({ claimedAt: now.toISOString(), attempts: sql`${smsOutbox.attempts} + 1` })
    .where(claimable(smsOutbox, id, now))
    .returning();
  if (!sms) return 'done';
  if (sms.expiresAt !== null && sms.expiresAt <= now.toISOString()) {
    // a code that has expired is useless: never sent
    await db.update(smsOutbox).set({ failedAt: now.toISOString(), error: 'expired before it could be sent', claimedAt: null }).where(eq(smsOutbox.id, id));
    return 'done';
  }
  try {
    const sid = await sendSms(env, sms, send);
    await db.update(smsOutbox).set({ sentAt: clock.now().toISOString(), providerId: sid, status: 'queued', error: null, claimedAt: null, text: redactCodes(sms.text) }).where(eq(smsOutbox.id, id));
    return 'done';
  } catch (error) {
    const permanent = error instanceof SmsSendError && error.permanent;
    await db
      .update(smsOutbox)
      .set({ error: String(error instanceof Error ? error.message : error), claimedAt: null, ...(permanent ? { failedAt: clock.now().toISOString() } : {}) })
      .where(eq(smsOutbox.id, id));
    console.error(JSON.stringify({ level: 'error', message: 'sms: send failed', sms: id, permanent, error: error instanceof Error ? error.message : String(error) }));
    return permanent ? 'done' : 'retry';
  }
}

/**
 * The deliveries queue's consumer: each message's row is claimed and sent (six at once); a
 * message whose send failed for now is retried with backoff (the queue dead-letters it after its
 * max_retries), every other one is acknowledged. `send` is the HTTP client of the SMS gateway.
 */
export async function consumeDeliveries(batch: MessageBatch<unknown>, env: Bindings, send: typeof fetch = fetch) {
  const db = getDb(env.DB);
  const messages = batch.messages;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < messages.length; i = next++) {
      const message = messages[i]!;
      const parsed = deliverySchema.safeParse(message.body);
      if (!parsed.success) {
        console.error(JSON.stringify({ level: 'error', message: 'deliveries: unreadable queue message', id: message.id }));
        message.ack();
        continue;
      }
      const { t, id } = parsed.data;
      let outcome: Outcome;
      try {
        outcome = t === 'mail' ? await deliverMail(env, db, id) : await deliverSms(env, db, id, send);
      } catch (error) {
        // D1 itself failed: the row is untouched or its claim runs out; the queue tries again
        console.error(JSON.stringify({ level: 'error', message: 'deliveries: consumer failed', kind: t, row: id, error: String(error) }));
        outcome = 'retry';
      }
      if (outcome === 'retry') message.retry({ delaySeconds: backoffSeconds(message.attempts) });
      else message.ack();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, messages.length) }, worker));
}

/** The dead-letter queue's consumer: a row whose message failed every retry is given up (kept, with its error, for operators). */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Bindings) {
  const at = clock.now().toISOString();
  const statements = batch.messages.flatMap((message) => {
    const parsed = deliverySchema.safeParse(message.body);
    if (!parsed.success) return [];
    const { t, id } = parsed.data;
    console.error(JSON.stringify({ level: 'error', message: 'deliveries: dead-lettered', kind: t, row: id, attempts: message.attempts }));
    return [env.DB.prepare(`UPDATE ${TABLES[t]} SET failed_at = ?2, claimed_at = NULL, error = coalesce(error, 'no answer') || ' (dead-lettered)' WHERE id = ?1 AND sent_at IS NULL AND failed_at IS NULL`).bind(id, at)];
  });
  if (statements.length) await env.DB.batch(statements);
  batch.ackAll();
}
