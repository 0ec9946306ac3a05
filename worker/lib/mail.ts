import rosetta from 'rosetta';
import { eq } from 'drizzle-orm';
import de from '../../locales/mail/de.json';
import en from '../../locales/mail/en.json';
import nl from '../../locales/mail/nl.json';
import type { Locale } from '../../tenants/schema';
import { mailOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import type { Db } from './db';

const i18n = rosetta({ nl, en, de });
export type MailKind = 'activate' | 'reset' | 'mail_change' | 'reactivate';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A localized mail branded with the member's site: subject, plain text and simple HTML. */
export function renderMail(locale: Locale, kind: MailKind, vars: { name: string; site_name: string; domain: string; link: string }) {
  const t = (key: string) => i18n.t(key, vars, locale) || i18n.t(key, vars, 'nl');
  const lines = [t('greeting'), '', t(`${kind}.body`), '', `${t(`${kind}.button`)}: ${vars.link}`, '', t('signature'), '', t('footer')];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Montserrat,Arial,sans-serif;color:#1f1a17;background:#fffaf4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:20px;color:#d96d00;margin:0 0 24px">${escape(vars.site_name)}</p>
<p>${escape(t('greeting'))}</p><p>${escape(t(`${kind}.body`))}</p>
<p style="margin:32px 0"><a href="${escape(vars.link)}" style="background:#ff9900;color:#1d1512;padding:12px 24px;border-radius:999px;font-weight:700;text-decoration:none">${escape(t(`${kind}.button`))}</a></p>
<p style="white-space:pre-line">${escape(t('signature'))}</p>
<p style="font-size:12px;color:#6b625c">${escape(t('footer'))}</p></div></body></html>`;
  return { subject: t(`${kind}.subject`), text: lines.join('\n'), html };
}

/** The outbox insert; goes into the same batch as whatever the mail is about. */
export function queueMail(db: Db, mail: { memberId: number | null; site: string; to: string; kind: MailKind } & ReturnType<typeof renderMail>) {
  return db.insert(mailOutbox).values({
    memberId: mail.memberId,
    site: mail.site,
    toAddress: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    createdAt: clock.now().toISOString(),
  });
}

/**
 * Delivers unsent outbox mail with the configured adapter. 'dev' (the default) keeps it in the
 * outbox for /dev/mail; 'http' posts JSON to MAIL_API_URL with a bearer key (a provider's
 * transactional API) and records success or the error.
 */
export async function deliverOutbox(env: Bindings, db: Db, send: typeof fetch = fetch) {
  if ((env.MAIL_ADAPTER ?? 'dev') !== 'http' || !env.MAIL_API_URL) return;
  const unsent = await db.query.mailOutbox.findMany({ where: (m, { isNull }) => isNull(m.sentAt), limit: 50 });
  for (const mail of unsent) {
    try {
      const res = await send(env.MAIL_API_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${env.MAIL_API_KEY ?? ''}` },
        body: JSON.stringify({ to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html, tag: mail.kind }),
      });
      if (!res.ok) throw new Error(`mail provider answered ${res.status}`);
      await db.update(mailOutbox).set({ sentAt: clock.now().toISOString(), error: null }).where(eq(mailOutbox.id, mail.id));
    } catch (error) {
      await db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, mail.id));
    }
  }
}
