import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { mailOutbox } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { getDb } from '../../lib/db';
import { sendAutoLikes } from '../likes/auto-likes';

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Development helpers: the mail adapter's outbox, and scheduled work on demand; absent when deployed. */
export const devMailRoutes = new Hono<AppEnv>()
  .use(async (c, next) => (c.env.ENVIRONMENT === 'development' ? next() : c.text('Not found', 404)))
  .get('/mail.json', async (c) => {
    const mails = await getDb(c.env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
    return c.json({ mails: mails.map((m) => ({ id: m.id, to: m.toAddress, site: m.site, kind: m.kind, subject: m.subject, text: m.text, html: m.html, created_at: m.createdAt })) }, 200);
  })
  // The Cron Trigger's automatic likes, run now (the same code as the schedule).
  .post('/auto-likes', async (c) => c.json({ sent: await sendAutoLikes(getDb(c.env.DB), clock.now()) }, 200))
  .get('/mail', async (c) => {
    const mails = await getDb(c.env.DB).select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
    const items = mails
      .map((m) => `<article><h2>${escape(m.subject)}</h2><p><b>To:</b> ${escape(m.toAddress)} · <b>Site:</b> ${escape(m.site)} · ${escape(m.createdAt)}</p><pre>${linkify(m.text)}</pre></article><hr>`)
      .join('');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><h1>Mail outbox (development)</h1>${items || '<p>No mail yet.</p>'}</body></html>`, 200);
  });
