import { z } from 'zod';

/**
 * POST /hooks/mail-events: the mail provider's delivery events for outbox mails (`reference` is
 * the outbox id sent with the mail), signed with HMAC-SHA-256 of the raw body in X-Signature.
 */
export const mailEventsInput = z.object({
  events: z
    .array(
      z.object({
        reference: z.number().int().positive(),
        event: z.enum(['delivered', 'bounced', 'complained']),
        at: z.iso.datetime(),
      }),
    )
    .max(100),
});
export type MailEvent = z.infer<typeof mailEventsInput>['events'][number];
export type MailEventsAnswer = { updated: number };

/**
 * POST /hooks/payments/<provider>: a payment provider says one of its payments changed. The form
 * field `id` is the provider's payment id (Mollie's classic webhook); nothing else is read, and
 * the status is fetched back from the provider.
 */
export const paymentWebhookInput = z.object({ id: z.string({ error: 'invalid_request' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'invalid_request') });
export type PaymentWebhookAnswer = { ok: true };
