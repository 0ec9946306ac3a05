import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { MailProviderEvent } from '../../domain/notifications';
import type { Db } from '../../lib/db';

/** Records each event that names an outbox mail on its row, only when newer than the one recorded. */
export async function recordMailEvents(db: Db, events: MailProviderEvent[]) {
  const named = events.filter((e) => e.reference !== undefined);
  if (!named.length) return 0;
  const statements = named.map((e) =>
    db
      .update(mailOutbox)
      .set({ deliveryEvent: e.event, deliveryEventAt: e.at })
      .where(and(eq(mailOutbox.id, e.reference!), or(isNull(mailOutbox.deliveryEventAt), lt(mailOutbox.deliveryEventAt, e.at))))
      .returning({ id: mailOutbox.id }),
  );
  const results = await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return results.reduce((n, rows) => n + rows.length, 0);
}
