import { app } from './app';
import type { Bindings } from './env';
import { features } from './features';
import { clock } from './lib/clock';
import { consumeDeadLetters, consumeDeliveries, enqueuePending } from './lib/deliveries';
import { getDb } from './lib/db';
import type { Schedule } from './lib/feature';
import { consumeMailEvents } from './domain/mail-events';

export { Inbox } from './realtime/inbox';

/** wrangler.toml [triggers]: every 5 minutes, daily at 03:15 UTC, and Mondays at 08:00 UTC (the weekly digest). */
const SCHEDULES: Record<string, Schedule> = { '*/5 * * * *': 'every5', '15 3 * * *': 'daily', '0 8 * * 1': 'weekly' };

/**
 * Which of the worker's queues a batch comes from (wrangler.toml [[queues.consumers]]); the
 * deploy's environments add their suffix to each name (datingsite-deliveries-staging, ...).
 */
export const queueRole = (name: string) =>
  name.includes('mail-events') ? 'mail-events' : name.includes('-dlq') ? 'dead-letters' : 'deliveries';

export default {
  fetch: app.fetch,
  /**
   * Every feature's jobs of this schedule; then the deliveries' sweep: outbox rows that were never
   * handed to the queue, or have waited too long in it (lib/deliveries), among them what the jobs
   * just queued (reminders, the weekly digest). The sweep stops starting rounds after 25 s.
   */
  async scheduled(event: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    const db = getDb(env.DB);
    const schedule = SCHEDULES[event.cron];
    const jobs = features.flatMap((f) => f.jobs ?? []).filter((j) => j.schedule === schedule);
    const now = clock.now();
    const until = Date.now() + 25_000;
    ctx.waitUntil(
      Promise.allSettled(jobs.map((j) => j.run({ db, env, now, features }))).then((results) => {
        // a failing job is logged and leaves the others and the sweep to run
        results.forEach(
          (r, i) =>
            r.status === 'rejected' &&
            console.error(JSON.stringify({ type: 'error', message: `job ${jobs[i]!.name} failed`, error: String(r.reason) })),
        );
        return Promise.all([
          enqueuePending(env, 'mail', { sweep: true, limit: 100_000, until }),
          enqueuePending(env, 'sms', { sweep: true, limit: 10_000, until }),
        ]);
      }),
    );
  },
  /** The deliveries queue, its dead letters, and Email Service's events. */
  async queue(batch: MessageBatch<unknown>, env: Bindings) {
    const role = queueRole(batch.queue);
    if (role === 'mail-events') await consumeMailEvents(batch, env);
    else if (role === 'dead-letters') await consumeDeadLetters(batch, env);
    else await consumeDeliveries(batch, env);
  },
} satisfies ExportedHandler<Bindings>;
