import { Hono } from 'hono';
import { paymentWebhookInput, type PaymentWebhookAnswer } from '../../contracts/hooks';
import { paymentByProviderId, syncPayment } from '../../domain/payments';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { bodyLimit } from '../../middleware/body-limit';
import { AppError } from '../../lib/errors';
import { isProviderName, paymentProvider, PaymentProviderError } from '../../lib/payments';
import { parseOrThrow } from '../../lib/validate';

/** A provider's webhook carries an id and little else. */
const MAX_WEBHOOK_BYTES = 16 * 1024;

/**
 * POST /hooks/payments/<provider>: a payment provider says one of its payments changed (a form
 * field `id`, as Mollie posts it). Outside the CSRF guard, like every provider call; nothing in
 * the body is believed: the payment is fetched back from its provider and settled with what the
 * provider says. An id we do not know answers 200 (the provider would retry forever) and is
 * logged; a provider that cannot be reached answers 503, so the provider retries.
 */
export const paymentHookRoutes = new Hono<AppEnv>().post('/:provider{[a-z]+}', bodyLimit(MAX_WEBHOOK_BYTES), async (c) => {
  const name = c.req.param('provider');
  if (!isProviderName(name)) throw new AppError('not_found_generic', 404);
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw new AppError('invalid_request', 400);
  }
  const { id } = parseOrThrow(c.get('t'), paymentWebhookInput, { id: form['id'] });
  const db = c.get('db');
  const payment = await paymentByProviderId(db, name, id);
  if (!payment) {
    console.warn('payments: webhook for an unknown payment', name, id);
    return c.json({ ok: true } satisfies PaymentWebhookAnswer, 200);
  }
  try {
    await syncPayment(db, paymentProvider(name, { db, env: c.env }), payment, clock.now());
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error('payments: webhook could not settle', payment.id, error.message);
    throw new AppError('payment_provider_error', 503);
  }
  return c.json({ ok: true } satisfies PaymentWebhookAnswer, 200);
});
