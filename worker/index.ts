import { app } from './app';
import type { Bindings } from './env';
import { features } from './features';
import { clock } from './lib/clock';
import { getDb } from './lib/db';
import type { Schedule } from './lib/feature';
import { deliverOutbox } from './lib/mail';
import { deliverSms } from './lib/sms';

export { Inbox } from './realtime/inbox';

/** wrangler.toml [triggers]: every 5 minutes, daily at 03:15 UTC, and Mondays at 08:00 UTC (the weekly digest). */
const SCHEDULES: Record<string, Schedule> = { '*/5 * * * *': 'every5', '15 3 * * *': 'daily', '0 8 * * 1': 'weekly' };

export default {
  fetch: app.fetch,
  /** Every feature's jobs of this schedule, and mail and SMS delivery retries each time. */
  async scheduled(event: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    const db = getDb(env.DB);
    const schedule = SCHEDULES[event.cron];
    const jobs = features.flatMap((f) => f.jobs ?? []).filter((j) => j.schedule === schedule);
    const now = clock.now();
    // the mail drain stops starting rounds after 25 s, inside the Cron Trigger's time
    const mail = deliverOutbox(env, db, fetch, { limit: 2_000, until: Date.now() + 25_000 });
    ctx.waitUntil(Promise.all([...jobs.map((j) => j.run({ db, env, now, features })), mail, deliverSms(env, db)]));
  },
} satisfies ExportedHandler<Bindings>;
