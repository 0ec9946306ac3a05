import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { deliverySchema, type Delivery, type PushRetry, type RowDelivery } from '../contracts/queues';
import { mailOutbox, pushSubscriptions, sessions, smsOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import { getDb, type Db } from './db';
import { MailSendError, sendMail } from './mail';
import { eachLimited, PUSH_LIMIT, pushLimitKey, sendPush, vapidOf } from './push';
import { takeUses } from './rate-limit';
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

export type { Delivery, PushRetry, RowDelivery };
type Kind = RowDelivery['t'];

const TABLES = { mail: 'mail_outbox', sms: 'sms_outbox' } as const satisfies Record<Kind, string>;
/** Queue.sendBatch takes at most 100 messages. */
const ENQUEUE_BATCH = 100;
/** The sweep re-enqueues a row that has waited this long since it was enqueued. */
export const REENQUEUE_AFTER_MS = 3 * 60_000;
/** A claim older than this was abandoned (the consumer died mid-send): the row may be claimed again. */
const CLAIM_MS = 2 * 60_000;
/** A row is tried at most this often, whatever the queue's retries and the sweeps add up to. */
export const MAX_ATTEMPTS = 8;
/** Sends of one consumer batch in flight at once (a Worker may hold 6 HTTP connections; the send_email binding is no connection of those). */
const IN_FLIGHT = 10;

/** The queue's retry delay after the n-th failed attempt: 10 s, 30 s, 90 s, 270 s, then 15 minutes. */
export const backoffSeconds = (attempt: number) => Math.min(10 * 3 ** Math.max(0, attempt - 1), 900);

/**
 * Hands pending rows of one outbox to the deliveries queue, up to `limit` (rounds of 100: one
 * UPDATE marks them enqueued, one sendBatch sends their ids). Without `sweep` only rows never
 * enqueued; with it also those enqueued more than REENQUEUE_AFTER_MS ago and still unsent.
 * SMS without a gateway (development) stay in the outbox for /dev/sms. Answers how many were enqueued.
 */
export async function enqueuePending(
  env: Bindings,
  kind: Kind,
  { sweep = false, limit = ENQUEUE_BATCH, until }: { sweep?: boolean; limit?: number; until?: number } = {},
) {
  if (kind === 'sms' && !smsGateway(env)) {
    if (env.ENVIRONMENT !== 'development')
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'sms: no gateway configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); SMS stay queued',
        }),
      );
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
      console.error(
        JSON.stringify({ level: 'error', message: 'deliveries: enqueue failed', kind, count: results.length, error: String(error) }),
      );
      break;
    }
    done += results.length;
    if (results.length < take) break;
  }
  return done;
}

type MailRow = typeof mailOutbox.$inferSelect;
type SmsRow = typeof smsOutbox.$inferSelect;
/** What became of one claimed row: sent (with the provider's id), given up, or to be tried again. */
type Outcome = { kind: 'sent'; providerId: string } | { kind: 'failed'; error: string; permanent: boolean } | { kind: 'expired' };

/** D1 binds at most 100 parameters a statement: a claim names this many ids at most. */
const CLAIM_IDS = 90;

/** Rows of one outbox claimed for sending, up to CLAIM_IDS an UPDATE: unsent, not given up, under MAX_ATTEMPTS, and nobody else's fresh claim. */
async function claim(db: Db, kind: Kind, ids: number[], now: Date): Promise<(MailRow | SmsRow)[]> {
  if (ids.length > CLAIM_IDS) {
    const parts = await Promise.all(
      Array.from({ length: Math.ceil(ids.length / CLAIM_IDS) }, (_, i) =>
        claim(db, kind, ids.slice(i * CLAIM_IDS, (i + 1) * CLAIM_IDS), now),
      ),
    );
    return parts.flat();
  }
  const table = kind === 'mail' ? mailOutbox : smsOutbox;
  const claimable = and(
    // eslint-disable-next-line no-restricted-syntax -- bounded: parts of CLAIM_IDS (90)
    inArray(table.id, ids),
    isNull(table.sentAt),
    isNull(table.failedAt),
    lt(table.attempts, MAX_ATTEMPTS),
    or(isNull(table.claimedAt), lt(table.claimedAt, new Date(now.getTime() - CLAIM_MS).toISOString())),
  );
  return kind === 'mail'
    ? db
        .update(mailOutbox)
        .set({ claimedAt: now.toISOString(), attempts: sql`${mailOutbox.attempts} + 1` })
        .where(claimable)
        .returning()
    : db
        .update(smsOutbox)
        .set({ claimedAt: now.toISOString(), attempts: sql`${smsOutbox.attempts} + 1` })
        .where(claimable)
        .returning();
}

/** Sends one claimed row through its provider. */
async function send(env: Bindings, kind: Kind, row: MailRow | SmsRow, http: typeof fetch, now: Date): Promise<Outcome> {
  try {
    if (kind === 'mail') return { kind: 'sent', providerId: await sendMail(env, row as MailRow) };
    const sms = row as SmsRow;
    // a code that has expired is useless: never sent
    if (sms.expiresAt !== null && sms.expiresAt <= now.toISOString()) return { kind: 'expired' };
    return { kind: 'sent', providerId: await sendSms(env, sms, http) };
  } catch (error) {
    const permanent = (error instanceof MailSendError || error instanceof SmsSendError) && error.permanent;
    const message = error instanceof Error ? error.message : String(error);
    console.error(JSON.stringify({ level: 'error', message: `${kind}: send failed`, row: row.id, permanent, error: message }));
    return { kind: 'failed', error: message, permanent };
  }
}

/** The D1 statement that records an outcome on its row (claim released). */
function record(db: Db, kind: Kind, row: MailRow | SmsRow, outcome: Outcome, at: string) {
  if (kind === 'mail') {
    const set =
      outcome.kind === 'sent'
        ? { sentAt: at, messageId: outcome.providerId, error: null, claimedAt: null }
        : {
            error: outcome.kind === 'failed' ? outcome.error : 'expired',
            claimedAt: null,
            ...(outcome.kind === 'failed' && !outcome.permanent ? {} : { failedAt: at }),
          };
    return db.update(mailOutbox).set(set).where(eq(mailOutbox.id, row.id));
  }
  const set =
    outcome.kind === 'sent'
      ? {
          sentAt: at,
          providerId: outcome.providerId,
          status: 'queued',
          error: null,
          claimedAt: null,
          text: redactCodes((row as SmsRow).text),
        }
      : outcome.kind === 'expired'
        ? { failedAt: at, error: 'expired before it could be sent', claimedAt: null }
        : { error: outcome.error, claimedAt: null, ...(outcome.permanent ? { failedAt: at } : {}) };
  return db.update(smsOutbox).set(set).where(eq(smsOutbox.id, row.id));
}

/**
 * The deliveries queue's consumer. Per outbox, one UPDATE claims the batch's rows; the claimed ones
 * are sent (IN_FLIGHT at once) and their outcomes recorded in one D1 batch. A message whose send
 * failed for now is retried with backoff (the queue dead-letters it after its max_retries); every
 * other one is acknowledged: sent, given up, or not claimable (sent already, given up, or being
 * sent by another consumer). `http` is the SMS gateway's HTTP client.
 */
export async function consumeDeliveries(batch: MessageBatch<unknown>, env: Bindings, http: typeof fetch = fetch) {
  const db = getDb(env.DB);
  const now = clock.now();
  const wanted = new Map<Kind, Set<number>>([
    ['mail', new Set()],
    ['sms', new Set()],
  ]);
  const pushes: { message: Message<unknown>; retry: PushRetry }[] = [];
  const readable = batch.messages.flatMap((message) => {
    const parsed = deliverySchema.safeParse(message.body);
    const d = parsed.success ? parsed.data : null;
    if (d?.t === 'push') {
      pushes.push({ message, retry: d });
      return [];
    }
    if (d) {
      wanted.get(d.t)!.add(d.id);
      return [{ message, t: d.t, id: d.id }];
    }
    console.error(JSON.stringify({ level: 'error', message: 'deliveries: unreadable queue message', id: message.id }));
    message.ack();
    return [];
  });
  let claimed: { kind: Kind; row: MailRow | SmsRow }[];
  try {
    const [mail, sms] = await Promise.all(
      (['mail', 'sms'] as const).map(async (kind) => (wanted.get(kind)!.size ? claim(db, kind, [...wanted.get(kind)!], now) : [])),
    );
    claimed = [...mail!.map((row) => ({ kind: 'mail' as const, row })), ...sms!.map((row) => ({ kind: 'sms' as const, row }))];
  } catch (error) {
    // D1 itself failed: nothing was claimed; the queue tries the whole batch again
    console.error(JSON.stringify({ level: 'error', message: 'deliveries: claim failed', error: String(error) }));
    for (const { message } of readable) message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    return;
  }
  const outcomes = new Array<Outcome>(claimed.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < claimed.length; i = next++) outcomes[i] = await send(env, claimed[i]!.kind, claimed[i]!.row, http, now);
  };
  await Promise.all([
    ...Array.from({ length: Math.min(IN_FLIGHT, claimed.length) }, worker),
    pushes.length ? retryPushes(env, db, pushes, http) : null,
  ]);
  if (claimed.length) {
    const at = clock.now().toISOString();
    const statements = claimed.map(({ kind, row }, i) => record(db, kind, row, outcomes[i]!, at));
    try {
      await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    } catch (error) {
      // the sends happened; their claims run out and a retry's claim finds them unsent: logged loudly
      console.error(
        JSON.stringify({ level: 'error', message: 'deliveries: recording outcomes failed', rows: claimed.length, error: String(error) }),
      );
    }
  }
  const retry = new Set(
    claimed.flatMap(({ kind, row }, i) =>
      outcomes[i]!.kind === 'failed' && !(outcomes[i] as { permanent: boolean }).permanent ? [`${kind}:${row.id}`] : [],
    ),
  );
  for (const { message, t, id } of readable) {
    // a row named twice in one batch is retried once
    if (retry.delete(`${t}:${id}`)) message.retry({ delaySeconds: backoffSeconds(message.attempts) });
    else message.ack();
  }
}

/**
 * Pushes tried again: each subscription that still exists under a live session gets its push; one
 * the push service forgot (404, 410) is deleted; one that fails again is retried with backoff, and
 * dead-lettered (dropped) after the queue's max_retries. A retry is a push like any other: it
 * counts against its member's PUSH_LIMIT, and one past it is dropped (a newer push replaces it
 * anyway); sendPush checks its endpoint against the allowed push services again. `http` is the
 * push services' HTTP client.
 */
async function retryPushes(env: Bindings, db: Db, pushes: { message: Message<unknown>; retry: PushRetry }[], http: typeof fetch) {
  const vapid = vapidOf(env);
  const now = clock.now().toISOString();
  const ids = [...new Set(pushes.map((p) => p.retry.subscription))].slice(0, CLAIM_IDS);
  const targets = vapid
    ? await db
        .select({
          id: pushSubscriptions.id,
          memberId: pushSubscriptions.memberId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .innerJoin(
          sessions,
          and(
            eq(sessions.tokenHash, pushSubscriptions.sessionHash),
            eq(sessions.memberId, pushSubscriptions.memberId),
            gt(sessions.expiresAt, now),
          ),
        )
        // eslint-disable-next-line no-restricted-syntax -- bounded: at most CLAIM_IDS (90)
        .where(inArray(pushSubscriptions.id, ids))
    : [];
  const byId = new Map(targets.map((t) => [t.id, t]));
  // gone meanwhile (logged out, unsubscribed, another member's id) or beyond this batch's ids: nothing to do
  const due = pushes.map(({ retry }) => {
    const target = byId.get(retry.subscription);
    return target && target.memberId === retry.member && vapid ? target : null;
  });
  const perMember = new Map<number, number>();
  for (const target of due) if (target) perMember.set(target.memberId, (perMember.get(target.memberId) ?? 0) + 1);
  const room = new Map(
    await Promise.all(
      [...perMember].map(async ([member, n]) => [member, await takeUses(db, pushLimitKey(member), n, PUSH_LIMIT, clock.now())] as const),
    ),
  );
  const outcomes = await eachLimited(pushes, IN_FLIGHT, async ({ retry }, i) => {
    const target = due[i];
    if (!target || !vapid) return 'done' as const;
    const left = room.get(target.memberId)!;
    if (left <= 0) {
      console.warn(JSON.stringify({ level: 'warn', message: 'push: per-minute limit reached; retry dropped', member: target.memberId }));
      return 'done' as const;
    }
    room.set(target.memberId, left - 1);
    return sendPush(target, retry.payload, vapid, retry.options, env.ENVIRONMENT, http);
  });
  const gone = pushes.filter((_, i) => outcomes[i] === 'gone').map((p) => p.retry.subscription);
  // eslint-disable-next-line no-restricted-syntax -- bounded: at most CLAIM_IDS (90)
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone.slice(0, CLAIM_IDS)));
  pushes.forEach(({ message }, i) =>
    outcomes[i] === 'failed' ? message.retry({ delaySeconds: backoffSeconds(message.attempts) }) : message.ack(),
  );
}

/** The dead-letter queue's consumer: a row whose message failed every retry is given up (kept, with its error, for operators); a push is dropped. */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, env: Bindings) {
  const at = clock.now().toISOString();
  const statements = batch.messages.flatMap((message) => {
    const parsed = deliverySchema.safeParse(message.body);
    if (!parsed.success) return [];
    if (parsed.data.t === 'push') {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'deliveries: push dead-lettered',
          subscription: parsed.data.subscription,
          attempts: message.attempts,
        }),
      );
      return [];
    }
    const { t, id } = parsed.data;
    console.error(JSON.stringify({ level: 'error', message: 'deliveries: dead-lettered', kind: t, row: id, attempts: message.attempts }));
    return [
      env.DB.prepare(
        `UPDATE ${TABLES[t]} SET failed_at = ?2, claimed_at = NULL, error = coalesce(error, 'no answer') || ' (dead-lettered)' WHERE id = ?1 AND sent_at IS NULL AND failed_at IS NULL`,
      ).bind(id, at),
    ];
  });
  if (statements.length) await env.DB.batch(statements);
  batch.ackAll();
}
