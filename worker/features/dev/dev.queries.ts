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
