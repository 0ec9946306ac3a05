import { mailCatalogues } from './catalogues';
import { senderAddress, type Locale, type Tenant } from '../../tenants/schema';
import { mailOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import { translators } from './i18n';
import type { Db } from './db';
import { siteSettings, tenantBySlug } from './tenants';

const mailTranslator = translators(mailCatalogues);

export type MailKind = 'activate' | 'reset' | 'mail_change' | 'reactivate' | 'reconfirm' | 'photo_removed' | 'report_received' | 'decision' | 'report_outcome' | 'complaint_outcome';
/** The notification mails (README, notifications): one per preference type that mails. */
export type NoticeKind = 'new_conversation' | 'new_message' | 'like' | 'unread_reminder' | 'weekly_update';
/** A member card in the weekly digest: name, age and place, and the profile's address. */
export type DigestEntry = { name: string; age: number | null; place: string | null; link: string };

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A localized mail branded with the member's site: subject, plain text and simple HTML; `extra` paragraphs follow the body (already localized). */
export function renderMail(locale: Locale, kind: MailKind, vars: { name: string; site_name: string; domain: string; link: string; reason?: string }, extra: string[] = []) {
  const t = (key: string) => mailTranslator(locale)(key, vars);
  const lines = [t('greeting'), '', t(`${kind}.body`), ...extra.flatMap((l) => ['', l]), '', `${t(`${kind}.button`)}: ${vars.link}`, '', t('signature'), '', t('footer')];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Montserrat,Arial,sans-serif;color:#1f1a17;background:#fffaf4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:20px;color:#d96d00;margin:0 0 24px">${escape(vars.site_name)}</p>
<p>${escape(t('greeting'))}</p><p>${escape(t(`${kind}.body`))}</p>${extra.map((l) => `<p style="white-space:pre-line">${escape(l)}</p>`).join('')}
<p style="margin:32px 0"><a href="${escape(vars.link)}" style="background:#ff9900;color:#1d1512;padding:12px 24px;border-radius:999px;font-weight:700;text-decoration:none">${escape(t(`${kind}.button`))}</a></p>
<p style="white-space:pre-line">${escape(t('signature'))}</p>
<p style="font-size:12px;color:#6b625c">${escape(t('footer'))}</p></div></body></html>`;
  return { subject: t(`${kind}.subject`), text: lines.join('\n'), html };
}

/**
 * A notification mail, in the member's language and branded with the home site, with its
 * unsubscribe link (that type's mail off) in the text and the footer. `other` names the member
 * it is about, `count` the unread messages, `entries` the digest's new members.
 */
export function renderNotice(
  locale: Locale,
  kind: NoticeKind,
  vars: { name: string; site_name: string; domain: string; link: string; unsubscribe: string; other?: string; count?: number; entries?: DigestEntry[] },
) {
  const t = (key: string) => mailTranslator(locale)(key, vars);
  const entries = vars.entries ?? [];
  const entryText = entries.map((e) => `- ${[e.name, e.age, e.place].filter((x) => x !== null && x !== '').join(', ')}: ${e.link}`);
  const entryHtml = entries.length
    ? `<ul style="padding-left:20px">${entries.map((e) => `<li style="margin:6px 0"><a href="${escape(e.link)}" style="color:#ad5600;font-weight:700">${escape(e.name)}</a>${e.age !== null ? `, ${e.age}` : ''}${e.place ? ` · ${escape(e.place)}` : ''}</li>`).join('')}</ul>`
    : '';
  const lines = [t('greeting'), '', t(`notice.${kind}.body`), ...(entries.length ? ['', ...entryText] : []), '', `${t(`notice.${kind}.button`)}: ${vars.link}`, '', t('signature'), '', t('footer'), `${t('notice.unsubscribe')}: ${vars.unsubscribe}`];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Montserrat,Arial,sans-serif;color:#1f1a17;background:#fffaf4;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<p style="font-weight:700;font-size:20px;color:#d96d00;margin:0 0 24px">${escape(vars.site_name)}</p>
<p>${escape(t('greeting'))}</p><p>${escape(t(`notice.${kind}.body`))}</p>${entryHtml}
<p style="margin:32px 0"><a href="${escape(vars.link)}" style="background:#ff9900;color:#1d1512;padding:12px 24px;border-radius:999px;font-weight:700;text-decoration:none">${escape(t(`notice.${kind}.button`))}</a></p>
<p style="white-space:pre-line">${escape(t('signature'))}</p>
<p style="font-size:12px;color:#6b625c">${escape(t('footer'))} <a href="${escape(vars.unsubscribe)}" style="color:#6b625c">${escape(t('notice.unsubscribe'))}</a></p></div></body></html>`;
  return { subject: t(`notice.${kind}.subject`), text: lines.join('\n'), html };
}

/** RFC 8058 one-click unsubscribe: the headers a notification mail carries (sent with the message, sendMail). */
export const unsubscribeHeaders = (url: string) => JSON.stringify({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

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

/** A site's sender: its own address (the site file's `mail_from`, else noreply@ its first domain) under its mail name. */
export function senderOf(site: Tenant) {
  return { email: senderAddress(site), name: siteSettings(site).mail_name };
}

/** Why Email Service refused a mail, and whether trying again may help. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * Email Service's refusals (the thrown error's `code`) that no retry of the same mail mends: a
 * recipient it does not accept or has suppressed, headers it refuses. A sender domain that is not
 * (yet) onboarded (E_SENDER_…) is the operator's to fix, so those are retried until the queue
 * dead-letters them, like rate limits and the service's own outages.
 */
const PERMANENT = /^E_(RECIPIENT|TO|HEADER|VALIDATION)|SUPPRESS/i;

/**
 * Sends one outbox mail through the `send_email` binding (Cloudflare Email Service) from the
 * member's site's own domain, with its text and HTML and the mail's own headers (RFC 8058's
 * List-Unsubscribe pair on notifications). Answers the Message-ID the service gave it; its events
 * (bounces, complaints) name the mail by it. Locally the same binding is miniflare's, which keeps
 * the message on disk; /dev/mail shows the outbox.
 */
export async function sendMail(env: Pick<Bindings, 'EMAIL'>, mail: typeof mailOutbox.$inferSelect) {
  const site = tenantBySlug(mail.site);
  if (!site) throw new MailSendError(`mail ${mail.id}: unknown site ${mail.site}`, true);
  try {
    const sent = await env.EMAIL.send({
      from: senderOf(site),
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}),
    });
    return sent.messageId;
  } catch (error) {
    const code = error instanceof Error ? String((error as Error & { code?: unknown }).code ?? '') : '';
    throw new MailSendError(error instanceof Error ? `${code || error.name}: ${error.message}` : String(error), PERMANENT.test(code));
  }
}

/** A text of the mail catalogue in a locale (Dutch when it lacks the key): parts a mail's `extra` paragraphs are made of. */
export const mailText = (locale: Locale, key: string, vars: Record<string, unknown> = {}) => mailTranslator(locale)(key, vars);
