import { mailCatalogues } from './catalogues';
import { senderAddress, type Locale, type Tenant } from '../../tenants/schema';
import { mailOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import { translators } from './i18n';
import type { Db } from './db';
import { siteSettings, tenantBySlug } from './tenants';
import { mailHtml, type Brand, type DigestEntry } from './mail/layout';

const mailTranslator = translators(mailCatalogues);
/** A key of the mails' catalogue (locales/mail). */
export type MailKey = Parameters<ReturnType<typeof mailTranslator>>[0];

export type MailKind =
  | 'activate'
  | 'reset'
  | 'mail_change'
  | 'reactivate'
  | 'reconfirm'
  | 'photo_removed'
  | 'report_received'
  | 'decision'
  | 'report_outcome'
  | 'complaint_outcome';
/** The notification mails (README, "Notification mails"): one per preference type that mails. */
export type NoticeKind = 'new_conversation' | 'new_message' | 'like' | 'unread_reminder' | 'weekly_update';
/** A member card in the weekly digest (name, age and place, the profile's address), and the site a mail is branded with. */
export type { Brand, DigestEntry } from './mail/layout';

/** What every mail is branded with: the member's home site's name, first domain and theme (`DEFAULT_THEME` for an unknown site). */
type SiteVars = { name: string; site_name: string; domain: string; link: string; theme: Brand['theme'] };

/**
 * A localized mail branded with the member's site: subject, plain text and HTML (lib/mail/layout.tsx);
 * `extra` paragraphs follow the body (already localized). Synchronous: callers put it into D1 batches.
 */
export function renderMail(locale: Locale, kind: MailKind, vars: SiteVars & { reason?: string }, extra: string[] = []) {
  const t = (key: MailKey) => mailTranslator(locale)(key, vars);
  const lines = [
    t('greeting'),
    '',
    t(`${kind}.body`),
    ...extra.flatMap((l) => ['', l]),
    '',
    `${t(`${kind}.button`)}: ${vars.link}`,
    '',
    t('signature'),
    '',
    t('footer'),
  ];
  const html = mailHtml({
    locale,
    brand: { name: vars.site_name, domain: vars.domain, theme: vars.theme },
    subject: t(`${kind}.subject`),
    preview: t(`${kind}.body`),
    greeting: t('greeting'),
    paragraphs: [t(`${kind}.body`), ...extra],
    button: { label: t(`${kind}.button`), href: vars.link },
    fallback: t('button_fallback'),
    signature: t('signature'),
    footer: t('footer'),
  });
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
  vars: SiteVars & { unsubscribe: string; other?: string; count?: number; entries?: DigestEntry[] },
) {
  const t = (key: MailKey) => mailTranslator(locale)(key, vars);
  const entries = vars.entries ?? [];
  const entryText = entries.map((e) => `- ${[e.name, e.age, e.place].filter((x) => x !== null && x !== '').join(', ')}: ${e.link}`);
  const lines = [
    t('greeting'),
    '',
    t(`notice.${kind}.body`),
    ...(entries.length ? ['', ...entryText] : []),
    '',
    `${t(`notice.${kind}.button`)}: ${vars.link}`,
    '',
    t('signature'),
    '',
    t('footer'),
    `${t('notice.unsubscribe')}: ${vars.unsubscribe}`,
  ];
  const html = mailHtml({
    locale,
    brand: { name: vars.site_name, domain: vars.domain, theme: vars.theme },
    subject: t(`notice.${kind}.subject`),
    preview: t(`notice.${kind}.body`),
    greeting: t('greeting'),
    paragraphs: [t(`notice.${kind}.body`)],
    entries,
    button: { label: t(`notice.${kind}.button`), href: vars.link },
    fallback: t('button_fallback'),
    signature: t('signature'),
    footer: t('footer'),
    unsubscribe: { label: t('notice.unsubscribe'), href: vars.unsubscribe },
  });
  return { subject: t(`notice.${kind}.subject`), text: lines.join('\n'), html };
}

/** RFC 8058 one-click unsubscribe: the headers a notification mail carries (sent with the message, sendMail). */
export const unsubscribeHeaders = (url: string) =>
  JSON.stringify({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/** The outbox insert; goes into the same batch as whatever the mail is about. */
export function queueMail(
  db: Db,
  mail: { memberId: number | null; site: string; to: string; kind: MailKind } & ReturnType<typeof renderMail>,
) {
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
export const mailText = (locale: Locale, key: MailKey, vars: Record<string, unknown> = {}) => mailTranslator(locale)(key, vars);
