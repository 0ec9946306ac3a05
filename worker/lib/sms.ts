import rosetta from 'rosetta';
import { mailCatalogues } from './catalogues';
import type { Locale } from '../../tenants/schema';
import { smsOutbox } from '../db/schema';
import type { Bindings } from '../env';
import { clock } from './clock';
import type { Db } from './db';
import { siteOrigin, tenantBySlug } from './tenants';

/**
 * Text messages, like mail: every SMS is a row of `sms_outbox`, written in the same batch as what
 * it is about; the deliveries queue (lib/deliveries) hands it to Twilio's Messages API, whose
 * status callbacks (POST /hooks/sms-status, signed) record what became of it. In development no
 * gateway is configured and the SMS stays in the outbox for /dev/sms. An SMS is never sent past
 * its `expires_at` (a code that has expired is useless), and the digits of a sent code are blanked
 * in the stored text.
 */
const i18n = rosetta<object>(mailCatalogues);

export type SmsKind = 'directdebit_code';

/** The text in the member's language (Dutch when a text is missing). */
export function renderSms(locale: Locale, kind: SmsKind, vars: { site_name: string; code: string }) {
  return i18n.t(`sms.${kind}`, vars, locale) || i18n.t(`sms.${kind}`, vars, 'nl');
}

/** The outbox insert, for the batch that writes what the SMS is about. */
export function queueSms(
  db: Db,
  sms: { memberId: number | null; site: string; to: string; kind: SmsKind; text: string; expiresAt: Date | null },
) {
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

/** Twilio's REST API (a recorded stand-in in tests: TWILIO_API_URL). */
const TWILIO_API = 'https://api.twilio.com';

/** Whether an SMS gateway is configured; without one (development) SMS stay in the outbox. */
export const smsGateway = (env: Bindings) =>
  env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
    ? { sid: env.TWILIO_ACCOUNT_SID, token: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
    : null;

/** Why the gateway refused an SMS, and whether trying again may help. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The path of the status callback on the SMS's own site. */
export const SMS_STATUS_PATH = '/hooks/sms-status';

/**
 * Sends one outbox SMS with Twilio's Messages API: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded `To`, `From` (a number or alphanumeric sender) or `MessagingServiceSid` (MG…, with a
 * `ValidityPeriod` up to the code's expiry), `Body` and `StatusCallback` (the site's own
 * /hooks/sms-status), HTTP Basic with the account SID and auth token. Answers the Message SID.
 * A 400 (an invalid or unsubscribed number) is final; 429, 5xx and network errors are retried.
 */
export async function sendSms(env: Bindings, sms: typeof smsOutbox.$inferSelect, send: typeof fetch = fetch) {
  const gateway = smsGateway(env);
  if (!gateway) throw new SmsSendError('sms: no gateway configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)', false);
  const site = tenantBySlug(sms.site);
  if (!site) throw new SmsSendError(`sms ${sms.id}: unknown site ${sms.site}`, true);
  const form = new URLSearchParams({
    To: sms.toNumber,
    Body: sms.text,
    StatusCallback: `${siteOrigin(site, env.ENVIRONMENT)}${SMS_STATUS_PATH}`,
  });
  if (gateway.from.startsWith('MG')) {
    form.set('MessagingServiceSid', gateway.from);
    if (sms.expiresAt)
      form.set(
        'ValidityPeriod',
        String(Math.max(1, Math.min(36_000, Math.floor((Date.parse(sms.expiresAt) - clock.now().getTime()) / 1000)))),
      );
  } else form.set('From', gateway.from);
  let res: Response;
  try {
    res = await send(`${env.TWILIO_API_URL ?? TWILIO_API}/2010-04-01/Accounts/${encodeURIComponent(gateway.sid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${btoa(`${gateway.sid}:${gateway.token}`)}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
      redirect: 'manual',
    });
  } catch (error) {
    throw new SmsSendError(`sms gateway unreachable: ${String(error)}`, false);
  }
  const body = (await res.json().catch(() => null)) as { sid?: string; code?: number; message?: string } | null;
  if (res.ok && typeof body?.sid === 'string') return body.sid;
  throw new SmsSendError(`twilio answered ${res.status}${body?.code ? ` (${body.code}: ${body.message ?? ''})` : ''}`, res.status === 400);
}

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1 with the auth token over the full URL
 * Twilio called followed by each POST parameter, sorted by name, as name and value (a repeated
 * name's values once each, sorted); base64.
 */
export async function twilioSignature(authToken: string, url: string, params: URLSearchParams) {
  const names = [...new Set(params.keys())].sort();
  const data =
    url +
    names
      .map((n) =>
        [...new Set(params.getAll(n))]
          .sort()
          .map((v) => n + v)
          .join(''),
      )
      .join('');
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  return btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(data)))));
}
