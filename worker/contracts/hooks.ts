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
