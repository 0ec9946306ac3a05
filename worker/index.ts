import { app } from './app';
import { purgeDeletedAccounts } from './features/account/purge';
import type { Bindings } from './env';
import { clock } from './lib/clock';
import { getDb } from './lib/db';
import { deliverOutbox } from './lib/mail';

export default {
  fetch: app.fetch,
  /** Daily: erase accounts past their 14-day grace period; retry undelivered mail. */
  async scheduled(_event: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    const db = getDb(env.DB);
    ctx.waitUntil(Promise.all([purgeDeletedAccounts(db, env.PHOTOS, clock.now()), deliverOutbox(env, db)]));
  },
} satisfies ExportedHandler<Bindings>;
