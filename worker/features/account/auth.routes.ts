import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { languageInput, loginInput, type LogoutAnswer, type UserAnswer } from '../../contracts/account';
import { memberByEmail } from '../../domain/members';
import { deleteSession } from '../../domain/sessions';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { disconnect } from '../../lib/live';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { limitClient } from '../../lib/limits';
import { validate } from '../../lib/validate';
import { LOCALE_COOKIE } from '../../middleware/geo';
import { clearSessionCookie, newSession, requireMember } from '../../middleware/session';
import { clearFailedLogins, LOCK_MINUTES, reserveLoginAttempt, setPassword, updateMember } from './account.queries';
import { normalizeEmail } from './account.service';

const minutesLeft = (until: string, now: Date) => Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 60_000));

export const authRoutes = new Hono<AppEnv>()
  .post('/user.php', validate('json', loginInput), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    const now = clock.now();
    await limitClient(c, 'login');
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
    const rehash = stale ? [setPassword(db, member.id, await hashPassword(password, c.env.PASSWORD_PEPPER))] : [];
    await db.batch([clearFailedLogins(db, member.id), session.statement, ...rehash]);
    session.setSessionCookie();
    return c.json((await userBody(db, member, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .get('/user.php', async (c) => {
    const member = requireMember(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json((await userBody(c.get('db'), member, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .put('/user.php', validate('json', languageInput), async (c) => {
    const member = requireMember(c);
    const { language: locale } = c.req.valid('json');
    if (!(c.get('tenant').locales as string[]).includes(locale)) throw new AppError('invalid_request', 400);
    const [updated] = await updateMember(c.get('db'), member.id, { language: locale });
    setCookie(c, LOCALE_COOKIE, locale, { path: '/', maxAge: 365 * 86400, sameSite: 'Lax' });
    return c.json((await userBody(c.get('db'), updated!, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .get('/logout.php', async (c) => {
    const hash = c.get('sessionHash');
    const member = c.get('member');
    if (hash) await deleteSession(c.get('db'), hash);
    // the session's live connections end with it
    if (hash && member) c.executionCtx.waitUntil(disconnect(c.env, member.id, hash));
    clearSessionCookie(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ok: true } satisfies LogoutAnswer, 200);
  });
