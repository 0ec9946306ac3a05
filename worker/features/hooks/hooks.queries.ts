import { and, eq, sql } from 'drizzle-orm';
import { TWILIO_STATUS_RANK, type SmsStatus } from '../../contracts/hooks';
import { smsOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

const rankOf = (column: typeof smsOutbox.status) =>
  sql`CASE ${column} ${sql.raw(Object.entries(TWILIO_STATUS_RANK).map(([s, r]) => `WHEN '${s}' THEN ${r}`).join(' '))} ELSE -1 END`;

/**
 * Records a status callback on its SMS (by Twilio's Message SID), only when it moves the message
 * on: callbacks may repeat or come out of order, and a final status stays. An undelivered or failed
 * message keeps Twilio's error code. Answers how many rows changed (0 or 1).
 */
export async function recordSmsStatus(db: Db, s: SmsStatus) {
  const rows = await db
    .update(smsOutbox)
    .set({ status: s.MessageStatus, ...(s.ErrorCode ? { error: `twilio error ${s.ErrorCode}` } : {}) })
    .where(and(eq(smsOutbox.providerId, s.MessageSid), sql`${rankOf(smsOutbox.status)} < ${TWILIO_STATUS_RANK[s.MessageStatus]}`))
    .returning({ id: smsOutbox.id });
  return rows.length;
}
