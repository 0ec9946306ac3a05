import { Hono } from 'hono';
import { smsStatusInput, type SmsStatusAnswer } from '../../contracts/hooks';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { sameSecret } from '../../lib/crypto';
import { readTextLimited } from '../../lib/body-limit';
import { AppError } from '../../lib/errors';
import { twilioSignature } from '../../lib/sms';
import { parseOrThrow } from '../../lib/validate';
import { recordSmsStatus } from './hooks.queries';

/** Webhook bodies are small; anything larger is refused, counted as it is read. */
const MAX_HOOK_BYTES = 64 * 1024;

/**
 * Calls from providers, not from members' browsers: outside the CSRF guard (a provider sends no
 * `request-type` header and no Origin), each checked by the provider's signature instead. Payment
 * providers' webhooks sit beside these, under /hooks/payments (features/payments). Mail events do
 * not come over HTTP: Email Service publishes them to a queue (domain/mail-events).
 */
export const hookRoutes = new Hono<AppEnv>()
  // Twilio's status callback of an SMS (lib/sms sendSms names it), signed with X-Twilio-Signature
  .post('/sms-status', async (c) => {
    const token = c.env.TWILIO_AUTH_TOKEN;
    const raw = await readTextLimited(c.req.raw, MAX_HOOK_BYTES);
    const params = new URLSearchParams(raw);
    const given = c.req.header('x-twilio-signature') ?? '';
    if (!token || !given || !(await sameSecret(given, await twilioSignature(token, c.req.url, params))))
      throw new AppError('invalid_signature', 401);
    const status = parseOrThrow(c.get('t'), smsStatusInput, Object.fromEntries(params));
    // a callback that moves nothing (a replay, one out of order, or later than the window) answers 200 with 0: there is nothing to try again
    const updated = await recordSmsStatus(c.get('db'), status, clock.now());
    return c.json({ updated } satisfies SmsStatusAnswer, 200);
  });
