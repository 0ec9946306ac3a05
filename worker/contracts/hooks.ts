import * as z from 'zod';
import { issue } from './errors';

/**
 * Twilio's message statuses and how far along each is: a status callback may arrive out of order,
 * and a later status never gives way to an earlier one (the four final ones are equal).
 */
export const TWILIO_STATUS_RANK = {
  accepted: 0,
  scheduled: 0,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  undelivered: 4,
  failed: 4,
  canceled: 4,
} as const;
export type TwilioStatus = keyof typeof TWILIO_STATUS_RANK;

/**
 * POST /hooks/sms-status: Twilio's status callback of a message (form-encoded, signed with
 * X-Twilio-Signature). Only the fields read are named; Twilio sends more (AccountSid, From, To,
 * ApiVersion, SmsSid, SmsStatus, ...), which are kept out of the record.
 */
export const smsStatusInput = z.object({
  MessageSid: z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, issue('invalid_request')),
  MessageStatus: z.enum(Object.keys(TWILIO_STATUS_RANK) as [TwilioStatus, ...TwilioStatus[]]),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
export type SmsStatus = z.infer<typeof smsStatusInput>;
export type SmsStatusAnswer = { updated: number };

/**
 * POST /hooks/payments/<provider>: a payment provider says one of its payments changed. The form
 * field `id` is the provider's payment id (Mollie's classic webhook); nothing else is read, and
 * the status is fetched back from the provider.
 */
export const paymentWebhookInput = z.object({
  id: z.string({ error: issue('invalid_request') }).regex(/^[A-Za-z0-9_-]{1,64}$/, issue('invalid_request')),
});
export type PaymentWebhookAnswer = { ok: true };
