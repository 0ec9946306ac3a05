import { Hono, type Context } from 'hono';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TYPES,
  notificationsInput,
  pageHiddenInput,
  unsubscribeInput,
  type NotificationsAnswer,
  type PageHiddenAnswer,
  type UnsubscribeAnswer,
} from '../../contracts/notifications';
import { parseList, type Member } from '../../domain/members';
import { preferencesOf, readUnsubscribeToken } from '../../domain/notifications';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { tenantBySlug } from '../../lib/tenants';
import { validate } from '../../middleware/validate';
import { requireMember } from '../../middleware/session';
import { companyMember, saveChoices, setInvisible, setPublicConsent, touch } from './notifications.queries';

const answerOf = async (c: Context<AppEnv>, m: Member): Promise<NotificationsAnswer> => ({
  preferences: await preferencesOf(c.get('db'), m.id),
  invisible: m.invisible && m.paidUser,
  invisible_allowed: m.paidUser,
  public_profile: m.publicConsentAt !== null,
  notifications_disabled: parseList(m.notificationsDisabled),
});

/** An unsubscribe link's token, checked: its member on this company's sites (400 link_invalid otherwise). */
async function linkMember(c: Context<AppEnv>, token: string) {
  const link = await readUnsubscribeToken(c.env.PASSWORD_PEPPER, token);
  const member = link ? await companyMember(c.get('db'), c.get('tenant').company_id, link.memberId) : undefined;
  if (!link || !member) throw new AppError('link_invalid', 400);
  return { member, type: link.type };
}

async function unsubscribe(c: Context<AppEnv>, token: string, enabled = false): Promise<UnsubscribeAnswer> {
  const { member, type } = await linkMember(c, token);
  await c
    .get('db')
    .batch([...saveChoices(c.get('db'), member.id, [{ type, channel: 'email', enabled }], clock.now())] as [
      ReturnType<typeof saveChoices>[number],
    ]);
  return { type, enabled, site_name: (tenantBySlug(member.homeSite) ?? c.get('tenant')).name };
}

/** The members' calls of notifications (under /api, behind the CSRF guard). */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications.php', async (c) => {
    const me = await requireMember(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await answerOf(c, me), 200);
  })
  .put('/notifications.php', validate('json', notificationsInput), async (c) => {
    const me = await requireMember(c);
    const input = c.req.valid('json');
    // invisible mode is for premium members (the server decides, whatever the screen shows)
    if (input.invisible === true && !me.paidUser) throw new AppError('premium_required', 403, undefined, 'invisible_premium_required');
    const db = c.get('db');
    const now = clock.now().toISOString();
    const choices = NOTIFICATION_CHANNELS.flatMap((channel) =>
      NOTIFICATION_TYPES.flatMap((type) => {
        const enabled = input.preferences?.[channel]?.[type];
        return enabled === undefined ? [] : [{ type, channel, enabled }];
      }),
    );
    const statements = [
      ...saveChoices(db, me.id, choices, clock.now()),
      ...(input.invisible === undefined ? [] : [setInvisible(db, me.id, input.invisible)]),
      // allowing again keeps the first moment it was allowed; withdrawing clears it at once
      ...(input.public_profile === undefined
        ? []
        : [setPublicConsent(db, me.id, input.public_profile ? (me.publicConsentAt ?? now) : null)]),
    ];
    if (statements.length) await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    const publicConsentAt =
      input.public_profile === undefined ? me.publicConsentAt : input.public_profile ? (me.publicConsentAt ?? now) : null;
    return c.json(await answerOf(c, { ...me, invisible: input.invisible ?? me.invisible, publicConsentAt }), 200);
  })
  // The page an unsubscribe link opens calls this (no login needed: the link's signature is the proof).
  .post('/unsubscribe.php', validate('json', unsubscribeInput), async (c) => {
    const { token, enabled } = c.req.valid('json');
    return c.json(await unsubscribe(c, token, enabled), 200);
  })
  // Beacon (fetch keepalive) when a page becomes hidden: the member's last activity.
  .post('/page-hidden.php', validate('json', pageHiddenInput), async (c) => {
    const me = await requireMember(c);
    await touch(c.get('db'), me.id, clock.now());
    return c.json({ ok: true } satisfies PageHiddenAnswer, 200);
  });

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe URL, without cookies or our client header. The signed token in the path is
 * the whole authorization, so it sits outside the CSRF guard (app.ts); a GET of the same URL is
 * the app's page, which changes nothing until the member presses its button.
 */
export const oneClickRoutes = new Hono<AppEnv>().post('/:token{[0-9a-z_.]{1,100}}', async (c) => {
  await unsubscribe(c, c.req.param('token'));
  return c.json({ ok: true }, 200);
});
