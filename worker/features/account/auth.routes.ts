import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../../../tenants/schema';
import { members } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { getDb } from '../../lib/db';
import { clearSessionCookie, getMember, newSession, requireMember } from '../../lib/session';
import { validate } from '../../lib/validate';
import { LOCALE_COOKIE } from '../../middleware/geo';
import { AppError } from '../../middleware/errors';
import { clearFailedLogins, deleteSession, LOCK_MINUTES, memberByEmail, reserveLoginAttempt } from './account.queries';
import { userBody } from './account.service';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const login = z.object({ email: z.string().max(254), password: z.string().max(1000) });
const language = z.object({ language: z.enum(SUPPORTED_LOCALES) });

const minutesLeft = (until: string, now: Date) => Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 60_000));

export const authRoutes = new Hono<AppEnv>()
  .post('/user.php', validate('json', login), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = getDb(c.env.DB);
    const now = clock.now();
    const member = await memberByEmail(db, c.get('tenant').company_id, normalizeEmail(email));
    if (!member?.passwordHash || member.erasedAt) {
      await verifyPassword(password, null, c.env.PASSWORD_PEPPER);
      throw new AppError('login_failed', 401);
    }
    // The attempt is counted before the password is checked; during a lock even the right
    // password is refused.
    const [attempt] = await reserveLoginAttempt(db, member.id, now);
    if (!attempt) {
      const fresh = await memberByEmail(db, member.companyId, member.email);
      throw new AppError('too_many_attempts', 423, { minutes: minutesLeft(fresh?.lockedUntil ?? now.toISOString(), now) });
    }
    const { ok, stale } = await verifyPassword(password, member.passwordHash, c.env.PASSWORD_PEPPER);
    if (!ok) {
      if (attempt.lockedUntil && attempt.lockedUntil > now.toISOString()) throw new AppError('too_many_attempts', 423, { minutes: LOCK_MINUTES });
      throw new AppError('login_failed', 401);
    }
    if (member.status === 'deleted') throw new AppError('account_deleted', 403);

    const session = await newSession(c, member.id);
    const rehash = stale ? [db.update(members).set({ passwordHash: await hashPassword(password, c.env.PASSWORD_PEPPER) }).where(eq(members.id, member.id))] : [];
    await db.batch([clearFailedLogins(db, member.id), session.statement, ...rehash]);
    session.setSessionCookie();
    return c.json(await userBody(c, member), 200);
  })
  .get('/user.php', async (c) => {
    const member = await requireMember(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await userBody(c, member), 200);
  })
  .put('/user.php', validate('json', language), async (c) => {
    const member = await requireMember(c);
    const { language: locale } = c.req.valid('json');
    if (!(c.get('tenant').locales as string[]).includes(locale)) throw new AppError('invalid_request', 400);
    const db = getDb(c.env.DB);
    const [updated] = await db.update(members).set({ language: locale }).where(eq(members.id, member.id)).returning();
    setCookie(c, LOCALE_COOKIE, locale, { path: '/', maxAge: 365 * 86400, sameSite: 'Lax' });
    return c.json(await userBody(c, updated!), 200);
  })
  .get('/logout.php', async (c) => {
    await getMember(c);
    const hash = c.get('sessionHash');
    if (hash) await deleteSession(getDb(c.env.DB), hash);
    clearSessionCookie(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ok: true }, 200);
  });
