import { and, eq, gt, sql } from 'drizzle-orm';
import { TWILIO_STATUS_RANK, type SmsStatus } from '../../contracts/hooks';
import { smsOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

const rankOf = (column: typeof smsOutbox.status) =>
  sql`CASE ${column} ${sql.raw(
    Object.entries(TWILIO_STATUS_RANK)
      .map(([s, r]) => `WHEN '${s}' THEN ${r}`)
      .join(' '),
  )} ELSE -1 END`;

/**
 * How long after we sent an SMS its status callbacks are believed. Twilio's callbacks carry no
 * time of their own; a message waits at most its validity period (36,000 s at most) in Twilio's
 * queue, and a carrier's receipt comes within hours of that. Three days is generous; a callback
 * later than that is a replay, and changes nothing.
 */
export const SMS_STATUS_WINDOW_MS = 3 * 86_400_000;

/**
 * Records a status callback on its SMS (by Twilio's Message SID), only when it moves the message
 * on: callbacks may repeat or come out of order, and a final status stays. An undelivered or failed
 * message keeps Twilio's error code. Only within SMS_STATUS_WINDOW_MS of our send. Answers how many
 * rows changed (0 or 1).
 */
export async function recordSmsStatus(db: Db, s: SmsStatus, now: Date) {
  const rows = await db
    .update(smsOutbox)
    .set({ status: s.MessageStatus, ...(s.ErrorCode ? { error: `twilio error ${s.ErrorCode}` } : {}) })
    .where(
      and(
        eq(smsOutbox.providerId, s.MessageSid),
        gt(smsOutbox.sentAt, new Date(now.getTime() - SMS_STATUS_WINDOW_MS).toISOString()),
        sql`${rankOf(smsOutbox.status)} < ${TWILIO_STATUS_RANK[s.MessageStatus]}`,
      ),
    )
    .returning({ id: smsOutbox.id });
  return rows.length;
}
