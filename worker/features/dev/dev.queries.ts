import { desc, eq } from 'drizzle-orm';
import { devPspPayments, mailOutbox, smsOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

/** One mail of the outbox. */
export const mailById = (db: Db, id: number) => db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);

/** The newest 100 mails of the outbox. */
export const recentMail = (db: Db) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);

/** The newest 100 SMS of the outbox. */
export const recentSms = (db: Db) => db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(100);

/** The sim provider's newest payments (development: tests find the provider's page of one of ours by its reference). */
export const recentSimPayments = (db: Db) => db.select().from(devPspPayments).orderBy(desc(devPspPayments.createdAt)).limit(100);

/** Each outbox's rows by state: waiting (not yet handed to the queue), in the queue, sent, given up. */
export async function deliveryCounts(d1: D1Database) {
  const count = (table: 'mail_outbox' | 'sms_outbox') =>
    d1.prepare(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL AND enqueued_at IS NULL) AS waiting,
              count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL AND enqueued_at IS NOT NULL) AS queued,
              count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent,
              count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed
       FROM ${table}`,
    );
  const [mail, sms] = await d1.batch<{ waiting: number; queued: number; sent: number; failed: number }>([
    count('mail_outbox'),
    count('sms_outbox'),
  ]);
  return { mail: mail!.results[0]!, sms: sms!.results[0]! };
}
