import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { accountTokens, members, sessions } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hashPassword, tokenHash, verifyPassword } from '../../lib/crypto';
import { getDb } from '../../lib/db';
import { clearSessionCookie, getMember, newSession, requireMember } from '../../lib/session';
import { validate } from '../../lib/validate';
import { AppError } from '../../middleware/errors';
import { consumeToken, deleteMemberSessions, dropPendingLinks, memberByEmail, memberById } from './account.queries';
import { takeRateLimit } from '../../lib/rate-limit';
import { mailedLink, userBody } from './account.service';
import { normalizeEmail } from './auth.routes';

export const RESET_TTL_MS = 3600_000;
export const RESETS_PER_DAY = 3;
export const MAIL_CHANGE_TTL_MS = 86400_000;
export const MAIL_CHANGES_PER_DAY = 3;
export const DELETION_GRACE_DAYS = 14;

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const password = z.string().max(1000);
const DELETE_REASONS = ['found_partner', 'not_enough_members', 'too_expensive', 'privacy', 'other'] as const;

export const linkRoutes = new Hono<AppEnv>()
  // Activation link from the mail: single use, then a screen of the app.
  .get('/activate.php', async (c) => {
    const raw = c.req.query('token') ?? '';
    const db = getDb(c.env.DB);
    if (!token.safeParse(raw).success) return c.redirect('/activate/error', 302);
    const now = clock.now().toISOString();
    const hash = await tokenHash(raw);
    // The link is used and the member confirmed in one batch; a deleted account is not confirmed.
    const [, confirmed] = await db.batch([
      db.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.kind, 'activate'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now))),
      db
        .update(members)
        .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: now })
        .where(and(eq(members.status, 'not_confirmed'), sql`${members.id} = (SELECT member_id FROM account_tokens WHERE token_hash = ${hash} AND used_at = ${now})`))
        .returning({ id: members.id }),
    ]);
    return c.redirect(confirmed.length ? '/activate/done' : '/activate/error', 302);
  })
  .post('/reset-password.php', validate('json', z.object({ email: z.string().max(254) })), async (c) => {
    const db = getDb(c.env.DB);
    const member = await memberByEmail(db, c.get('tenant').company_id, normalizeEmail(c.req.valid('json').email));
    if (!member || member.status === 'deleted') throw new AppError('email_not_found', 404);
    const now = clock.now();
    if (!(await takeRateLimit(db, `reset:${member.id}`, RESETS_PER_DAY, 86400_000, now))) throw new AppError('too_many_resets', 429);
    await db.batch([...(await mailedLink(c, db, member, 'reset', RESET_TTL_MS))]);
    return c.json({ ok: true }, 200);
  })
  .post('/reset-password-do.php', validate('json', z.object({ token: z.string().max(100), password, password_confirm: password })), async (c) => {
    const input = c.req.valid('json');
    if (input.password !== input.password_confirm) throw new AppError('passwords_differ', 400);
    if (input.password.length < 8) throw new AppError('password_too_short', 400);
    const db = getDb(c.env.DB);
    const used = token.safeParse(input.token).success ? await consumeToken(db, await tokenHash(input.token), 'reset', clock.now()) : null;
    if (!used) throw new AppError('link_invalid', 400);
    // A reset ends every session of the member.
    await db.batch([
      db.update(members).set({ passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER), failedLogins: 0, firstFailedAt: null, lockedUntil: null }).where(eq(members.id, used.memberId)),
      deleteMemberSessions(db, used.memberId),
      dropPendingLinks(db, used.memberId),
    ]);
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  })
  .post('/password.php', validate('json', z.object({ old_password: password, password })), async (c) => {
    const member = await requireMember(c);
    const input = c.req.valid('json');
    const { ok } = await verifyPassword(input.old_password, member.passwordHash, c.env.PASSWORD_PEPPER);
    if (!ok) throw new AppError('old_password_wrong', 400);
    if (input.password.length < 8) throw new AppError('password_too_short', 400);
    const db = getDb(c.env.DB);
    // Every session ends, this one included; this client gets a fresh token.
    const session = await newSession(c, member.id);
    await db.batch([
      db.update(members).set({ passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER) }).where(eq(members.id, member.id)),
      deleteMemberSessions(db, member.id),
      dropPendingLinks(db, member.id),
      session.statement,
    ]);
    session.setSessionCookie();
    return c.json({ ok: true }, 200);
  })
  .post('/mail-change.php', validate('json', z.object({ email: z.string().max(254), password })), async (c) => {
    const member = await requireMember(c);
    const input = c.req.valid('json');
    // A stolen session alone must not be enough to move the account to another address.
    if (!(await verifyPassword(input.password, member.passwordHash, c.env.PASSWORD_PEPPER)).ok) throw new AppError('old_password_wrong', 400);
    const email = normalizeEmail(input.email);
    const db = getDb(c.env.DB);
    if (!(await takeRateLimit(db, `mail-change:${member.id}`, MAIL_CHANGES_PER_DAY, 86400_000, clock.now())))
      throw new AppError('too_many_requests', 429);
    if (!z.email().safeParse(email).success || email === member.email || (await memberByEmail(db, member.companyId, email)))
      throw new AppError('invalid_new_email', 400);
    await db.batch([...(await mailedLink(c, db, member, 'mail_change', MAIL_CHANGE_TTL_MS, { to: email, data: email }))]);
    return c.json({ ok: true }, 200);
  })
  .post('/mail-change-do.php', validate('json', z.object({ token: z.string().max(100) })), async (c) => {
    const raw = c.req.valid('json').token;
    const db = getDb(c.env.DB);
    const used = token.safeParse(raw).success ? await consumeToken(db, await tokenHash(raw), 'mail_change', clock.now()) : null;
    if (!used?.data) throw new AppError('link_invalid', 400);
    const member = await memberById(db, used.memberId);
    if (!member || member.status === 'deleted') throw new AppError('link_invalid', 400);
    try {
      // The new address is proven now: an unconfirmed member counts as confirmed.
      const [updated] = await db
        .update(members)
        .set({ email: used.data, ...(member.status === 'not_confirmed' ? { status: 'active' as const, profileStatus: 'active' as const, emailConfirmedAt: clock.now().toISOString() } : {}) })
        .where(eq(members.id, member.id))
        .returning();
      const viewer = await getMember(c);
      return c.json(viewer?.id === member.id ? await userBody(c, updated!) : { ok: true }, 200);
    } catch (error) {
      if (String(error).includes('UNIQUE')) throw new AppError('invalid_new_email', 400);
      throw error;
    }
  })
  .post('/delete-account.php', validate('json', z.object({ reason: z.enum(DELETE_REASONS), comment: z.string().max(1000).optional() })), async (c) => {
    const member = await requireMember(c);
    const db = getDb(c.env.DB);
    const now = clock.now();
    // Hidden from everyone at once; the mailed link brings it back within the grace period.
    await db.batch([
      db.update(members).set({ status: 'deleted', deletedAt: now.toISOString(), deleteReason: c.req.valid('json').reason }).where(eq(members.id, member.id)),
      db.delete(sessions).where(eq(sessions.memberId, member.id)),
      dropPendingLinks(db, member.id),
      ...(await mailedLink(c, db, member, 'reactivate', DELETION_GRACE_DAYS * 86400_000)),
    ]);
    clearSessionCookie(c);
    return c.json({ ok: true }, 200);
  })
  // The mailed link opens /reactivate, where the member confirms: a link scanner's GET changes nothing.
  .post('/reactivate.php', validate('json', z.object({ token: z.string().max(100) })), async (c) => {
    const raw = c.req.valid('json').token;
    const db = getDb(c.env.DB);
    const used = token.safeParse(raw).success ? await consumeToken(db, await tokenHash(raw), 'reactivate', clock.now()) : null;
    const member = used ? await memberById(db, used.memberId) : null;
    if (!member || member.status !== 'deleted' || member.erasedAt || member.companyId !== c.get('tenant').company_id)
      throw new AppError('link_invalid', 400);
    const session = await newSession(c, member.id);
    const status = member.emailConfirmedAt ? ('active' as const) : ('not_confirmed' as const);
    await db.batch([
      db.update(members).set({ status, deletedAt: null, deleteReason: null }).where(and(eq(members.id, member.id), ne(members.status, 'active'))),
      session.statement,
    ]);
    session.setSessionCookie();
    return c.json(await userBody(c, { ...member, status, deletedAt: null, deleteReason: null }), 200);
  });
