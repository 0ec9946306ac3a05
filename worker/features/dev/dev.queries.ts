import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

/** The newest 100 mails of the outbox. */
export const recentMail = (db: Db) => db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
