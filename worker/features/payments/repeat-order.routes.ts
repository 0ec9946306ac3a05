import { Hono } from 'hono';
import { repeatOrderInput, type PaymentStatus, type RepeatOrderAnswer, type RepeatOrderStartAnswer } from '../../contracts/payments';
import { mandateJson, newestMandate } from '../../domain/mandates';
import type { Member } from '../../domain/members';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { randomKey } from '../../lib/crypto';
import { AppError, RateLimited } from '../../lib/errors';
import { PaymentProviderError } from '../../lib/payments';
import { limitRequest } from '../../middleware/client';
import { takeLimit } from '../../lib/rate-limit';
import { parseOrThrow } from '../../lib/validate';
import { jsonObject } from '../../middleware/validate';
import { requireMember } from '../../middleware/session';
import { lastPaidPackage } from './directdebit.queries';
import { insertOpenPayment, markStartFailed } from './payments.queries';
import { offer, providerByName, providerFailed, settleStarted, STARTS_PER_DAY } from './payments.service';

/** Repeat orders are a premium members' page (spec section 6); the chat's premium text would not fit here. */
function requirePremium(me: Member) {
  if (!me.paidUser) throw new AppError('premium_required', 403, undefined, 'repeat_order_premium');
}

export const repeatOrderRoutes = new Hono<AppEnv>()
  /** The member's newest valid mandate and the package of their newest paid payment (premium members only). */
  .get('/repeat-order.php', async (c) => {
    const me = await requireMember(c);
    requirePremium(me);
    const db = c.get('db');
    const [mandate, last] = await Promise.all([newestMandate(db, me.id), lastPaidPackage(db, me.id)]);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ mandate: mandate ? mandateJson(mandate) : null, last_package: last } satisfies RepeatOrderAnswer, 200);
  })
  /**
   * One step: the package of the buyer's country, collected with the member's newest valid mandate
   * by the provider that holds it (no checkout). Counts as a payment start (30 a day). Direct
   * debit stays pending until the bank collects it; a card is usually paid at once, and is then
   * settled before the answer.
   */
  .post('/repeat-order.php', async (c) => {
    const me = await requireMember(c);
    requirePremium(me);
    await limitRequest(c, 'paymentStart');
    const body = await jsonObject(c);
    const parsed = repeatOrderInput.safeParse(body);
    if (!parsed.success && parsed.error.issues.every((i) => i.path[0] === 'package')) throw new AppError('package_not_found', 404);
    const input = parseOrThrow(c.get('t'), repeatOrderInput, body);
    const db = c.get('db');
    const mandate = await newestMandate(db, me.id);
    if (!mandate) throw new AppError('no_mandate', 404);
    const { country, currency, packages } = offer(c, me);
    const pkg = packages.find((p) => p.id === input.package);
    if (!pkg) throw new AppError('package_not_found', 404);
    if (mandate.method === 'directdebit' && currency !== 'EUR') throw new AppError('method_unavailable', 400);
    const provider = providerByName(c, mandate.provider);
    const now = clock.now();
    const wait = await takeLimit(db, `payment-start:${me.id}`, { limit: STARTS_PER_DAY, windowMs: 86400_000 }, now);
    if (wait !== null) throw new RateLimited('too_many_requests', wait);

    const id = randomKey(18);
    const tenant = c.get('tenant');
    const origin = new URL(c.req.url).origin;
    const start = {
      id,
      memberId: me.id,
      companyId: tenant.company_id,
      site: tenant.slug,
      country,
      package: pkg.id,
      credits: pkg.credits,
      amount: pkg.price,
      currency,
      method: mandate.method,
      provider: provider.name,
    };
    await insertOpenPayment(db, start, now);
    let created: { id: string; status: PaymentStatus };
    try {
      created = await provider.createRecurringPayment({
        amount: pkg.price,
        currency,
        description: `${tenant.name}: ${pkg.credits} credits`,
        method: mandate.method,
        customerId: mandate.providerCustomerId,
        mandateId: mandate.providerMandateId,
        webhookUrl: `${origin}/hooks/payments/${provider.name}`,
        redirectUrl: `${origin}/credits/${pkg.id}/${mandate.method}?payment=${id}`,
        reference: id,
      });
    } catch (error) {
      if (error instanceof PaymentProviderError) await markStartFailed(db, id, clock.now());
      providerFailed(error);
    }
    await settleStarted(db, provider, id, created!);
    return c.json({ payment_id: id, package: pkg.id, method: mandate.method } satisfies RepeatOrderStartAnswer, 201);
  });
