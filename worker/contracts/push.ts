import * as z from 'zod';
import { issue } from './errors';

/**
 * Web Push (spec section 7: POST /api/user.php?push=1 with the subscription). The body is what the
 * browser's PushSubscription.toJSON() gives: the push service's endpoint, and the keys the worker
 * encrypts with (RFC 8291): `p256dh` an uncompressed P-256 point (65 bytes, so 87 base64url
 * characters starting with "B"), `auth` a 16-byte secret (22 characters). Padding is allowed.
 */
const base64url = (chars: number, pattern: RegExp) =>
  z
    .string()
    .regex(pattern, issue('invalid_push_subscription'))
    .refine((s) => s.replace(/=+$/, '').length === chars, issue('invalid_push_subscription'));

const urlOf = (s: string) => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

export const pushSubscriptionInput = z
  .object({
    endpoint: z
      .string()
      .max(2048)
      .refine((s) => /^https?:$/.test(urlOf(s)?.protocol ?? ''), issue('invalid_push_subscription')),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: base64url(87, /^B[A-Za-z0-9_-]{86}={0,1}$/),
        auth: base64url(22, /^[A-Za-z0-9_-]{22}(==)?$/),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/user.php?push=1 {endpoint}: the member's own subscription of this browser goes. */
export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(2048) }).strict();
export type PushUnsubscribeInput = z.infer<typeof pushUnsubscribeInput>;

/** Both answer whether this browser is subscribed now. */
export type PushSubscriptionAnswer = { subscribed: boolean };

/**
 * What the service worker (web/sw.ts) receives, decrypted: the notification in the member's
 * language, a tag (one notification per conversation or member: a newer one replaces it) and the
 * path to open on a click, on the site that made the subscription.
 */
export type PushPayload = { title: string; body: string; tag: string; url: string; icon: string };
