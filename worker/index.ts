import { app } from './app';
import { purgeDeletedAccounts } from './features/account/purge';
import type { Bindings } from './env';
import { clock } from './lib/clock';
import { getDb } from './lib/db';
import { deliverOutbox } from './lib/mail';
import { sendAutoLikes } from './features/likes/auto-likes';

const DAILY_CRON = '15 3 * * *';

export default {
  fetch: app.fetch,
  /**
   * Every 5 minutes: automatic likes for new members and mail delivery retries; daily at 03:15:
   * erase accounts past their 14-day grace period.
   */
  async scheduled(event: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    const db = getDb(env.DB);
    const daily = event.cron === DAILY_CRON;
    ctx.waitUntil(Promise.all([daily ? purgeDeletedAccounts(db, env.PHOTOS, clock.now()) : sendAutoLikes(db, clock.now()), deliverOutbox(env, db)]));
  },
} satisfies ExportedHandler<Bindings>;
