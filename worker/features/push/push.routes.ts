import { Hono } from 'hono';
import { pushSubscriptionInput, pushUnsubscribeInput, type PushSubscriptionAnswer } from '../../contracts/push';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { pushEndpointRefusal, validPushKeys } from '../../lib/push';
import { parseOrThrow } from '../../lib/validate';
import { jsonObject } from '../../middleware/validate';
import { requireMember } from '../../middleware/session';
import { deleteSubscription, saveSubscription } from './push.queries';

/**
 * Spec section 7: POST /api/user.php?push=1 registers this browser's push subscription for the
 * member and this session; DELETE /api/user.php?push=1 {endpoint} removes it (the member's own
 * only). Mounted before the login routes: user.php without `push` goes on to them.
 */
export const pushRoutes = new Hono<AppEnv>()
  .post('/user.php', async (c, next) => {
    if (c.req.query('push') === undefined) return next();
    const me = await requireMember(c);
    const t = c.get('t');
    const input = parseOrThrow(t, pushSubscriptionInput, await jsonObject(c));
    // only the browsers' push services (lib/push.ts PUSH_SERVICES; this machine's in development)
    const refusal = pushEndpointRefusal(input.endpoint, c.env.ENVIRONMENT);
    if (refusal) throw new AppError(refusal, 400);
    if (!(await validPushKeys(input.keys.p256dh, input.keys.auth))) throw new AppError('invalid_push_subscription', 400);
    const saved = await saveSubscription(c.get('db'), {
      memberId: me.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ''),
      auth: input.keys.auth.replace(/=+$/, ''),
      site: c.get('tenant').slug,
      sessionHash: c.get('sessionHash')!,
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      createdAt: clock.now().toISOString(),
    });
    // another member's browser, named without its keys: not moved (knowing an endpoint is no proof of holding it)
    if (!saved) throw new AppError('push_subscription_taken', 409);
    return c.json({ subscribed: true } satisfies PushSubscriptionAnswer, 200);
  })
  .delete('/user.php', async (c, next) => {
    if (c.req.query('push') === undefined) return next();
    const me = await requireMember(c);
    const { endpoint } = parseOrThrow(c.get('t'), pushUnsubscribeInput, await jsonObject(c));
    // another member's subscription (or none) is simply not found
    if (!(await deleteSubscription(c.get('db'), me.id, endpoint))) throw new AppError('not_found_generic', 404);
    return c.json({ subscribed: false } satisfies PushSubscriptionAnswer, 200);
  });
