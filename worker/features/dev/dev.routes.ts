import { Hono, type ExecutionContext } from 'hono';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../contracts/payments';
import type { AppEnv, Bindings } from '../../env';
import { clock } from '../../lib/clock';
import { enqueuePending } from '../../lib/deliveries';
import type { Feature } from '../../lib/feature';
import { addSimReversal, setSimStatus, SIM_ID, SIM_IDEAL_ISSUERS, simIssuerLogo, simPaymentWithTotals } from '../../lib/payments/sim';
import { senderOf } from '../../lib/mail';
import { tenantBySlug } from '../../lib/tenants';
import { deliveryCounts, mailById, recentMail, recentSimPayments, recentSms } from './dev.queries';

/** Hands a request to the whole app (every middleware and route), as if it came from outside. */
export type Dispatch = (request: Request, env: Bindings, ctx: ExecutionContext) => Response | Promise<Response>;

/** The sim checkout page's buttons: the status each one sets. */
const PSP_ACTIONS: [PaymentStatus, string][] = [
  ['paid', 'Pay'],
  ['failed', 'Fail'],
  ['canceled', 'Cancel'],
  ['expired', 'Expire'],
  ['pending', 'Leave pending'],
];
/** What the page does to a paid payment: a refund or a chargeback (all that is left of it, or an amount in minor units). */
const PSP_REVERSALS: ['refund' | 'chargeback', string][] = [
  ['refund', 'Refund'],
  ['chargeback', 'Chargeback'],
];
const money = (amount: number, currency: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount / 100);

const escape = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
const linkify = (s: string) => escape(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Development helpers, absent when deployed: the mail and SMS outboxes (and Email Service's events
 * of a mail, posted to the local queue), every feature's
 * scheduled jobs on demand (the same code the Cron Triggers run), and the `sim` payment
 * provider's hosted checkout. `features` is the app's list; `dispatch` the composed app, which
 * the checkout calls the payment webhook through.
 */
export function devRoutes(features: readonly Feature[], dispatch: Dispatch) {
  const runJob = (name: string) => features.flatMap((f) => f.jobs ?? []).find((j) => j.name === name);
  return (
    new Hono<AppEnv>()
      .use(async (c, next) => (c.env.ENVIRONMENT === 'development' ? next() : c.text('Not found', 404)))
      .get('/mail.json', async (c) => {
        const mails = await recentMail(c.get('db'));
        return c.json(
          {
            mails: mails.map((m) => ({
              id: m.id,
              to: m.toAddress,
              site: m.site,
              kind: m.kind,
              subject: m.subject,
              text: m.text,
              html: m.html,
              headers: m.headers ? (JSON.parse(m.headers) as Record<string, string>) : {},
              created_at: m.createdAt,
              sent_at: m.sentAt,
              message_id: m.messageId,
              delivery_event: m.deliveryEvent,
              failed_at: m.failedAt,
              error: m.error,
            })),
          },
          200,
        );
      })
      // The deliveries' state (the bench drains 10,000 mails by it), and the cron's sweep run now
      .get('/deliveries.json', async (c) => c.json(await deliveryCounts(c.env.DB), 200))
      .post('/deliveries/sweep', async (c) => {
        const until = Date.now() + 25_000;
        const [mail, sms] = await Promise.all([
          enqueuePending(c.env, 'mail', { sweep: true, limit: 100_000, until }),
          enqueuePending(c.env, 'sms', { sweep: true, limit: 10_000, until }),
        ]);
        return c.json({ enqueued: { mail, sms } }, 200);
      })
      // What Email Service's event subscription would publish about a sent mail (a bounce, a
      // complaint, ...): posted to the local mail-events queue in Cloudflare's own shape, so the
      // worker's consumer takes it exactly as a deployed one would.
      .post('/mail/:id{[0-9]+}/event', async (c) => {
        const [mail] = await mailById(c.get('db'), Number(c.req.param('id')));
        if (!mail?.messageId) return c.json({ error: 'not_found', message: 'No sent mail with that id' }, 404);
        const { event = 'bounced', bounce = 'hard' } = (await c.req.json().catch(() => ({}))) as { event?: string; bounce?: string };
        if (!['delivered', 'bounced', 'complained', 'failed', 'rejected'].includes(event) || !['hard', 'soft'].includes(bounce))
          return c.json(
            { error: 'invalid_request', message: 'event: delivered|bounced|complained|failed|rejected, bounce: hard|soft' },
            400,
          );
        const site = tenantBySlug(mail.site);
        const sender = site ? senderOf(site).email : 'noreply@localhost';
        await c.env.MAIL_EVENTS!.send({
          type: `cf.email.sending.message.${event}`,
          source: { type: 'email.sending', zoneId: '0'.repeat(32), domain: sender.split('@')[1] },
          payload: {
            eventId: crypto.randomUUID(),
            messageId: mail.messageId,
            sender,
            recipient: mail.toAddress,
            subject: mail.subject,
            terminal: true,
            delivery: { status: event },
            ...(event === 'bounced'
              ? {
                  bounce: {
                    type: bounce,
                    classification: bounce === 'hard' ? 'permanent_failure' : 'temporary_failure',
                    reason: bounce === 'hard' ? '550 5.1.1 User unknown' : '452 4.2.2 Mailbox full',
                  },
                }
              : {}),
            ...(event === 'complained' ? { complaint: { type: 'abuse' } } : {}),
          },
          metadata: {
            accountId: '0'.repeat(32),
            eventSubscriptionId: '0'.repeat(32),
            eventSchemaVersion: 1,
            eventTimestamp: clock.now().toISOString(),
          },
        });
        return c.json({ queued: true }, 202);
      })
      .get('/sms.json', async (c) => {
        const sms = await recentSms(c.get('db'));
        return c.json(
          {
            sms: sms.map((m) => ({
              id: m.id,
              to: m.toNumber,
              site: m.site,
              kind: m.kind,
              text: m.text,
              created_at: m.createdAt,
              expires_at: m.expiresAt,
              sent_at: m.sentAt,
              status: m.status,
            })),
          },
          200,
        );
      })
      .get('/sms', async (c) => {
        const sms = await recentSms(c.get('db'));
        const items = sms
          .map(
            (m) =>
              `<article><p><b>To:</b> ${escape(m.toNumber)} · <b>Site:</b> ${escape(m.site)} · ${escape(m.createdAt)}</p><pre>${escape(m.text)}</pre></article><hr>`,
          )
          .join('');
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SMS outbox (development)</title></head><body><h1>SMS outbox (development)</h1>${items || '<p>No SMS yet.</p>'}</body></html>`,
          200,
        );
      })
      // ?now=<ISO time> runs the job as of that time (the bench runs the weekly digest in the week of its seeded signups)
      .post('/jobs/:name{[a-z-]+}', async (c) => {
        const job = runJob(c.req.param('name'));
        if (!job) return c.json({ error: 'not_found', message: 'No such job' }, 404);
        const at = Date.parse(c.req.query('now') ?? '');
        return c.json(
          { result: await job.run({ db: c.get('db'), env: c.env, now: Number.isNaN(at) ? clock.now() : new Date(at), features }) },
          200,
        );
      })
      // The automatic likes of the Cron Trigger, run now (kept for the e2e suite and the README).
      .post('/auto-likes', async (c) => {
        const sent = await runJob('auto-likes')!.run({ db: c.get('db'), env: c.env, now: clock.now(), features });
        return c.json({ sent }, 200);
      })
      // The sim provider's newest payments: its id (the page /dev/psp/<id>) by our payment id (reference).
      .get('/psp.json', async (c) => {
        const payments = await recentSimPayments(c.get('db'));
        return c.json(
          {
            payments: payments.map((p) => ({
              id: p.id,
              reference: p.reference,
              method: p.method,
              status: p.status,
              amount: p.amount,
              currency: p.currency,
              created_at: p.createdAt,
            })),
          },
          200,
        );
      })
      // The sim's bank logos (what a provider hosts as its issuers' `image.svg`): local, so no page asks the internet.
      .get('/psp/issuers/:file{ideal_[A-Z0-9]+\\.svg}', (c) => {
        const svg = simIssuerLogo(c.req.param('file').slice(0, -'.svg'.length));
        if (!svg) return c.text('No such bank', 404);
        return c.body(svg, 200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=86400' });
      })
      // The sim provider's hosted checkout page (what a real provider shows at its checkout URL).
      .get('/psp/:id', async (c) => {
        const id = c.req.param('id');
        const p = SIM_ID.test(id) ? await simPaymentWithTotals(c.get('db'), id) : undefined;
        if (!p) return c.text('No such payment', 404);
        const reversals =
          p.status === 'paid'
            ? `<p><b>Refunded:</b> ${escape(money(p.refunded, p.currency))} · <b>Charged back:</b> ${escape(money(p.chargedBack, p.currency))}</p>` +
              `<form method="post" action="/dev/psp/${escape(p.id)}"><p><label>Amount in minor units (empty: all that is left) <input name="amount" inputmode="numeric" pattern="[0-9]*"></label></p><p>` +
              PSP_REVERSALS.map(([action, label]) => `<button name="action" value="${action}">${label}</button>`).join(' ') +
              '</p></form>'
            : '';
        const banks =
          p.method === 'ideal'
            ? `<p><label>Bank <select name="issuer">${SIM_IDEAL_ISSUERS.map((i) => `<option value="${escape(i.id)}"${i.id === p.issuer ? ' selected' : ''}>${escape(i.name)}</option>`).join('')}</select></label></p>`
            : '';
        const buttons = PSP_ACTIONS.map(([action, label]) => `<button name="action" value="${action}">${label}</button>`).join(' ');
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Checkout (sim provider)</title></head><body>` +
            `<h1>Checkout (sim provider, development)</h1><p><b>Amount:</b> ${escape(money(p.amount, p.currency))}</p><p><b>Description:</b> ${escape(p.description)}</p>` +
            `<p><b>Method:</b> ${escape(p.method)}</p>` +
            (p.sequenceType !== 'oneoff'
              ? `<p><b>Sequence:</b> ${escape(p.sequenceType)}${p.mandateId ? ` · <b>Mandate:</b> ${escape(p.mandateId)}` : ''}</p>`
              : '') +
            `<p><b>Status:</b> <output>${escape(p.status)}</output></p>` +
            `<form method="post" action="/dev/psp/${escape(p.id)}">${banks}<p>${buttons}</p>` +
            '<p><label><input type="checkbox" name="webhook" value="skip"> Lose the webhook (only the return or a later call settles it)</label></p>' +
            `</form>${reversals}</body></html>`,
          200,
        );
      })
      // A button: the sim's status moves, the same webhook a real provider calls runs (through the
      // whole app), and the browser goes back to the site like after a real checkout.
      .post('/psp/:id', async (c) => {
        const id = c.req.param('id');
        const db = c.get('db');
        const p = SIM_ID.test(id) ? await simPaymentWithTotals(db, id) : undefined;
        if (!p) return c.text('No such payment', 404);
        const form = await c.req.parseBody();
        const action = String(form['action'] ?? '');
        const reversal = PSP_REVERSALS.find(([kind]) => kind === action)?.[0];
        if (reversal) {
          // a refund or chargeback of a paid payment: the payment stays paid, the webhook tells the site
          const raw = typeof form['amount'] === 'string' ? form['amount'].trim() : '';
          if (raw && !/^[1-9][0-9]{0,9}$/.test(raw)) return c.text('The amount is a whole number of minor units', 400);
          if (!(await addSimReversal(db, id, reversal, raw ? Number(raw) : null)))
            return c.text('Only a paid payment can be refunded or charged back, up to what is left of it', 409);
        } else {
          if (!(PAYMENT_STATUSES as readonly string[]).includes(action) || action === 'open') return c.text('Unknown action', 400);
          const issuer =
            typeof form['issuer'] === 'string' && SIM_IDEAL_ISSUERS.some((i) => i.id === form['issuer']) ? form['issuer'] : null;
          await setSimStatus(db, id, action as PaymentStatus, issuer);
        }
        // `webhook=skip`: the provider's call is lost (the bench then times the webhook by itself)
        if (form['webhook'] !== 'skip') {
          const hook = await dispatch(
            new Request(p.webhookUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ id }),
            }),
            c.env,
            c.executionCtx,
          );
          if (hook.status !== 200) console.error('sim provider: the webhook answered', hook.status, await hook.text());
        }
        // after a refund or chargeback the operator stays on the provider's page; after a checkout the member goes back to the site
        return c.redirect(reversal ? `/dev/psp/${id}` : p.redirectUrl, 303);
      })
      .get('/mail', async (c) => {
        const mails = await recentMail(c.get('db'));
        const items = mails
          .map(
            (m) =>
              `<article><h2>${escape(m.subject)}</h2><p><b>To:</b> ${escape(m.toAddress)} · <b>Site:</b> ${escape(m.site)} · ${escape(m.createdAt)}</p><pre>${linkify(m.text)}</pre></article><hr>`,
          )
          .join('');
        return c.html(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox (development)</title></head><body><h1>Mail outbox (development)</h1>${items || '<p>No mail yet.</p>'}</body></html>`,
          200,
        );
      })
  );
}
