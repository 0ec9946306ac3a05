import { Hono } from 'hono';
import { mailEventsInput, type MailEventsAnswer } from '../../contracts/hooks';
import type { AppEnv } from '../../env';
import { hmacHex, sameSecret } from '../../lib/crypto';
import { applyMailEvents } from '../../domain/notifications';
import { AppError } from '../../lib/errors';
import { parseOrThrow } from '../../lib/validate';
import { recordMailEvents } from './hooks.queries';

/** Webhook bodies are small; anything larger is refused before it is read. */
const MAX_HOOK_BYTES = 256 * 1024;

/**
 * Calls from providers, not from members' browsers: outside the CSRF guard (a provider sends no
 * `request-type` header and no Origin), each checked by the provider's signature instead. Payment
 * providers' webhooks sit beside these, under /hooks/payments (features/payments).
 */
export const hookRoutes = new Hono<AppEnv>()
  // The mail provider's delivery events, signed with HMAC-SHA-256 over the raw body (X-Signature: sha256=<hex>).
  .post('/mail-events', async (c) => {
    const secret = c.env.MAIL_WEBHOOK_SECRET;
    if (Number(c.req.header('content-length') ?? 0) > MAX_HOOK_BYTES) throw new AppError('payload_too_large', 413);
    const raw = await c.req.text();
    if (raw.length > MAX_HOOK_BYTES) throw new AppError('payload_too_large', 413);
    const given = c.req.header('x-signature') ?? '';
    if (!secret || !(await sameSecret(given, `sha256=${await hmacHex(secret, raw)}`))) throw new AppError('invalid_signature', 401);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError('invalid_request', 400);
    }
    const { events } = parseOrThrow(c.get('t'), mailEventsInput, body);
    const updated = await recordMailEvents(c.get('db'), events);
    // bounces and complaints switch the address's mail off (README, notifications)
    await applyMailEvents(c.get('db'), events);
    return c.json({ updated } satisfies MailEventsAnswer, 200);
  });
