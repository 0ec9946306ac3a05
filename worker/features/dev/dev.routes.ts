import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import { recentMail } from './dev.queries';

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Development helpers, absent when deployed: the mail adapter's outbox, and every feature's
 * scheduled jobs on demand (the same code the Cron Triggers run). `features` is the app's list.
 */
export function devRoutes(features: readonly Feature[]) {
  const runJob = (name: string) => features.flatMap((f) => f.jobs ?? []).find((j) => j.name === name);
  return new Hono<AppEnv>()
    .use(async (c, next) => (c.env.ENVIRONMENT === 'development' ? next() : c.text('Not found', 404)))
    .get('/mail.json', async (c) => {
      const mails = await recentMail(c.get('db'));
      return c.json({ mails: mails.map((m) => ({ id: m.id, to: m.toAddress, site: m.site, kind: m.kind, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt })) }, 200);
    })
    .post('/jobs/:name{[a-z-]+}', async (c) => {
      const job = runJob(c.req.param('name'));
      if (!job) return c.json({ error: 'not_found', message: 'No such job' }, 404);
      return c.json({ result: await job.run({ db: c.get('db'), env: c.env, now: clock.now(), features }) }, 200);
    })
    // The automatic likes of the Cron Trigger, run now (kept for the e2e suite and the README).
    .post('/auto-likes', async (c) => {
      const sent = await runJob('auto-likes')!.run({ db: c.get('db'), env: c.env, now: clock.now(), features });
      return c.json({ sent }, 200);
    })
    .get('/mail', async (c) => {
      const mails = await recentMail(c.get('db'));
      const items = mails
        .map((m) => `<article><h2>${escape(m.subject)}</h2><p><b>To:</b> ${escape(m.toAddress)} · <b>Site:</b> ${escape(m.site)} · ${escape(m.createdAt)}</p><pre>${linkify(m.text)}</pre></article><hr>`)
        .join('');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><h1>Mail outbox (development)</h1>${items || '<p>No mail yet.</p>'}</body></html>`, 200);
    });
}
