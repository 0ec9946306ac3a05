import * as z from 'zod';

/**
 * The deliveries queue's messages (`DELIVERIES`, worker/lib/deliveries.ts): its producers (the
 * requests and the cron) and its consumer agree on these, and the consumer checks every message
 * with `deliverySchema` before acting on it.
 */

/** A queue message: which outbox row to deliver (mail, SMS). */
export const rowDelivery = z.strictObject({ t: z.enum(['mail', 'sms']), id: z.number().int().positive() });
/**
 * A push that failed for now (the push service answered 429 or 5xx, or not at all), tried again
 * by the queue: the subscription by id (it may have gone meanwhile), the payload and its options.
 */
export const pushRetry = z.strictObject({
  t: z.literal('push'),
  subscription: z.number().int().positive(),
  member: z.number().int().positive(),
  payload: z.strictObject({
    title: z.string().max(500),
    body: z.string().max(1000),
    tag: z.string().max(200),
    url: z.string().max(500),
    icon: z.string().max(500),
  }),
  options: z.strictObject({
    subject: z.string().max(500),
    ttl: z.number().int().min(0).max(2_419_200),
    urgency: z.enum(['very-low', 'low', 'normal', 'high']),
    topic: z.string().max(32).optional(),
  }),
});
export const deliverySchema = z.union([rowDelivery, pushRetry]);
export type Delivery = z.infer<typeof deliverySchema>;
export type PushRetry = z.infer<typeof pushRetry>;
export type RowDelivery = z.infer<typeof rowDelivery>;
