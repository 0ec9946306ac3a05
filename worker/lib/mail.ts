import { mailCatalogues } from './catalogues';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '../../tenants/schema';
import { mailOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import { translators } from './i18n';
import type { Db } from './db';

const mailTranslator = translators(mailCatalogues);
/** A mail is tried at most this often; a claim older than CLAIM_MS is taken to be abandoned. */
const MAX_ATTEMPTS = 5;
const CLAIM_MS = 5 * 60_000;

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

/** RFC 8058 one-click unsubscribe: the headers a notification mail carries (the provider sets them on the message). */
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

/** Mails claimed per round, and requests to the provider in flight at once (a Worker may hold 6 connections). */
const CLAIM_BATCH = 100;
const IN_FLIGHT = 6;

/**
 * Delivers unsent outbox mail with the configured adapter. 'dev' (development only) keeps it in
 * the outbox for /dev/mail; 'http' posts JSON to MAIL_API_URL with a bearer key (a provider's
 * transactional API) and records success or the error.
 *
 * Rounds of up to CLAIM_BATCH mails: one UPDATE claims them (so a concurrent sender never takes the
 * same row), six posts are in flight at once, and one batch records the outcomes. `limit` caps the
 * mails of one call (a request's waitUntil sends what it just queued; the Cron Trigger drains up to
 * 2,000 within its time, so a weekly digest of 70,000 goes out in a few hours, not days), `until`
 * stops starting new rounds at that time (ms since the epoch).
 */
export async function deliverOutbox(env: Bindings, db: Db, send: typeof fetch = fetch, { limit = 50, until }: { limit?: number; until?: number } = {}) {
  if (env.MAIL_ADAPTER !== 'http' || !env.MAIL_API_URL) {
    // Only development may keep mail in the outbox; deployed without a provider is a mistake.
    if (env.ENVIRONMENT !== 'development') console.error('mail: no provider configured (MAIL_ADAPTER=http, MAIL_API_URL); mail stays queued');
    return 0;
  }
  const url = env.MAIL_API_URL;
  let done = 0;
  while (done < limit && (until === undefined || Date.now() < until)) {
    const now = clock.now();
    const staleClaim = new Date(now.getTime() - CLAIM_MS).toISOString();
    const claimable = and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_ATTEMPTS), or(isNull(mailOutbox.claimedAt), lt(mailOutbox.claimedAt, staleClaim)));
    const take = Math.min(CLAIM_BATCH, limit - done);
    const oldest = db.select({ id: mailOutbox.id }).from(mailOutbox).where(claimable).orderBy(asc(mailOutbox.id)).limit(take);
    // one statement claims the round: SQLite runs it alone, so two senders never claim one row
    const claimed = await db
      .update(mailOutbox)
      .set({ claimedAt: now.toISOString(), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(and(inArray(mailOutbox.id, oldest), claimable))
      .returning();
    if (!claimed.length) break;
    claimed.sort((a, b) => a.id - b.id);
    const outcomes = new Array<string | null>(claimed.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < claimed.length; i = next++) {
        const mail = claimed[i]!;
        try {
          const res = await send(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${env.MAIL_API_KEY ?? ''}` },
            body: JSON.stringify({ to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html, tag: mail.kind, reference: mail.id, headers: mail.headers ? (JSON.parse(mail.headers) as Record<string, string>) : {} }),
          });
          // the body is not needed; reading it frees the connection for the next post
          await res.body?.cancel();
          outcomes[i] = res.ok ? null : `Error: mail provider answered ${res.status}`;
        } catch (error) {
          outcomes[i] = String(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, claimed.length) }, worker));
    const sentAt = clock.now().toISOString();
    const [first, ...rest] = claimed.map((mail, i) =>
      outcomes[i] === null
        ? db.update(mailOutbox).set({ sentAt, error: null }).where(eq(mailOutbox.id, mail.id))
        : // released for a later attempt (at most MAX_ATTEMPTS); the error stays for operators
          db.update(mailOutbox).set({ error: outcomes[i], claimedAt: null }).where(eq(mailOutbox.id, mail.id)),
    );
    await db.batch([first!, ...rest]);
    done += claimed.length;
    if (claimed.length < take) break;
  }
  return done;
}

/** A text of the mail catalogue in a locale (Dutch when it lacks the key): parts a mail's `extra` paragraphs are made of. */
export const mailText = (locale: Locale, key: string, vars: Record<string, unknown> = {}) => mailTranslator(locale)(key, vars);
