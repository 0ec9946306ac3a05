import rosetta from 'rosetta';
import { mailCatalogues } from './catalogues';
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '../../tenants/schema';
import { smsOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import type { Db } from './db';

/**
 * Text messages, like mail: every SMS is a row of `sms_outbox`, written in the same batch as what
 * it is about, and an adapter delivers it. 'dev' (development only) keeps it in the outbox for
 * /dev/sms; 'http' posts JSON with a bearer key to SMS_API_URL (an SMS gateway's API) after the
 * response and on every 5-minute Cron Trigger. A sender claims a row before sending (each SMS goes
 * out once), gives up after 5 attempts, never sends one past its `expires_at` (a code that has
 * expired is useless), and replaces the digits of a sent code in the stored text.
 */
const i18n = rosetta<object>(mailCatalogues);
const MAX_ATTEMPTS = 5;
const CLAIM_MS = 60_000;

export type SmsKind = 'directdebit_code';

/** The text in the member's language (Dutch when a text is missing). */
export function renderSms(locale: Locale, kind: SmsKind, vars: { site_name: string; code: string }) {
  return i18n.t(`sms.${kind}`, vars, locale) || i18n.t(`sms.${kind}`, vars, 'nl');
}

/** The outbox insert, for the batch that writes what the SMS is about. */
export function queueSms(db: Db, sms: { memberId: number | null; site: string; to: string; kind: SmsKind; text: string; expiresAt: Date | null }) {
  return db.insert(smsOutbox).values({
    memberId: sms.memberId,
    site: sms.site,
    toNumber: sms.to,
    kind: sms.kind,
    text: sms.text,
    createdAt: clock.now().toISOString(),
    expiresAt: sms.expiresAt?.toISOString() ?? null,
  });
}

/** Codes (4 to 8 digits) blanked out of a text that has been sent. */
export const redactCodes = (text: string) => text.replace(/\b\d{4,8}\b/g, (code) => '•'.repeat(code.length));

/** Delivers unsent, unexpired outbox SMS with the configured adapter (see above). */
export async function deliverSms(env: Bindings, db: Db, send: typeof fetch = fetch) {
  if (env.SMS_ADAPTER !== 'http' || !env.SMS_API_URL) {
    if (env.ENVIRONMENT !== 'development') console.error('sms: no gateway configured (SMS_ADAPTER=http, SMS_API_URL); SMS stay queued');
    return;
  }
  const now = clock.now();
  const at = now.toISOString();
  const staleClaim = new Date(now.getTime() - CLAIM_MS).toISOString();
  const open = and(isNull(smsOutbox.sentAt), lt(smsOutbox.attempts, MAX_ATTEMPTS), or(isNull(smsOutbox.claimedAt), lt(smsOutbox.claimedAt, staleClaim)), or(isNull(smsOutbox.expiresAt), gt(smsOutbox.expiresAt, at)));
  const unsent = await db.select({ id: smsOutbox.id }).from(smsOutbox).where(open).orderBy(asc(smsOutbox.id)).limit(50);
  for (const { id } of unsent) {
    // claim first, so a concurrent sender skips it: every SMS goes out once
    const [sms] = await db
      .update(smsOutbox)
      .set({ claimedAt: at, attempts: sql`${smsOutbox.attempts} + 1` })
      .where(and(eq(smsOutbox.id, id), open))
      .returning();
    if (!sms) continue;
    try {
      const res = await send(env.SMS_API_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${env.SMS_API_KEY ?? ''}` },
        body: JSON.stringify({ to: sms.toNumber, text: sms.text, tag: sms.kind, reference: sms.id }),
      });
      if (!res.ok) throw new Error(`sms gateway answered ${res.status}`);
      await db.update(smsOutbox).set({ sentAt: clock.now().toISOString(), error: null, text: redactCodes(sms.text) }).where(eq(smsOutbox.id, sms.id));
    } catch (error) {
      // released for a later attempt (at most MAX_ATTEMPTS, before it expires)
      await db.update(smsOutbox).set({ error: String(error), claimedAt: null }).where(eq(smsOutbox.id, sms.id));
    }
  }
}
