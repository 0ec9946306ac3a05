import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MailEvent } from '../../contracts/hooks';
import { mailOutbox } from '../../db/schema';
import type { Db } from '../../lib/db';

/**
 * Records each event on its outbox row, only when it is newer than the one recorded: a provider
 * that repeats or reorders its calls changes nothing. Returns how many rows changed.
 */
export async function recordMailEvents(db: Db, events: MailEvent[]) {
  if (!events.length) return 0;
  const [first, ...rest] = events.map((e) =>
    db
      .update(mailOutbox)
      .set({ deliveryEvent: e.event, deliveryEventAt: e.at })
      .where(and(eq(mailOutbox.id, e.reference), or(isNull(mailOutbox.deliveryEventAt), lt(mailOutbox.deliveryEventAt, e.at))))
      .returning({ id: mailOutbox.id }),
  );
  const results = await db.batch([first!, ...rest]);
  return results.reduce((n, rows) => n + rows.length, 0);
}
