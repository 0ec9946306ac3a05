import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { languageInput, loginInput, type BannedAnswer, type LogoutAnswer, type UserAnswer } from '../../contracts/account';
import { banAppealToken } from '../../domain/reports';
import { memberByEmail } from '../../domain/members';
import { deleteSession } from '../../domain/sessions';
import { sessionUserBody, sessionUserItems, userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { disconnect } from '../../lib/live';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { limitRequest } from '../../middleware/client';
import { validate } from '../../middleware/validate';
import { LOCALE_COOKIE } from '../../middleware/geo';
import { clearSessionCookie, memberOf, newSession, requireMember, sessionForBatch } from '../../middleware/session';
import { setPassword, updateMember } from './account.queries';
import { normalizeEmail, takeAttempt } from './account.service';

export const authRoutes = new Hono<AppEnv>()
  .post('/user.php', validate('json', loginInput), async (c) => {
    const { email, password } = c.req.valid('json');
    const db = c.get('db');
    await limitRequest(c, 'login');
    // The attempt is counted before anything is looked up, under the address whether it has an
    // account or not, and an unknown address costs the same hashing: the answers (401, then 423
    // with the spec's minutes) are the same for both. During a lock even the right password is refused.
    const attempt = await takeAttempt(c, c.get('tenant').company_id, email);
    const found = await memberByEmail(db, c.get('tenant').company_id, normalizeEmail(email));
    const member = found?.passwordHash && !found.erasedAt ? found : null;
    const { ok, stale } = await verifyPassword(password, member?.passwordHash ?? null, c.env.PASSWORD_PEPPER);
    if (!member || !ok) throw attempt.failed(new AppError('login_failed', 401));
    if (member.status === 'deleted') throw new AppError('account_deleted', 403);
    // a banned member learns it only with the right password (the web shows /pages/ban), with the
    // ban's appeal link while it works: they cannot log in to reach /complaints
    if (member.moderation === 'banned') {
      const appeal_token = await banAppealToken(db, c.env.PASSWORD_PEPPER, member.id, clock.now());
      throw new AppError('account_banned', 403, undefined, undefined, { appeal_token } satisfies Omit<BannedAnswer, 'error' | 'message'>);
    }

    const session = await newSession(c, member.id);
    const rehash = stale ? [setPassword(db, member.id, await hashPassword(password, c.env.PASSWORD_PEPPER))] : [];
    await db.batch([...attempt.succeeded(), session.statement, ...rehash]);
    session.setSessionCookie();
    await attempt.remember();
    return c.json((await userBody(db, member, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  // hot (every screen refreshes it): the session is looked up in the batch that builds the user
  .get('/user.php', async (c) => {
    const session = sessionForBatch(c);
    const db = c.get('db');
    const [mine, photo, unread] = await db.batch([session.statement, ...sessionUserItems(db, session.values, c.get('tenant').niche)]);
    const member = session.settle(mine);
    c.header('Cache-Control', 'private, no-store');
    return c.json(sessionUserBody(member, photo, unread) satisfies UserAnswer, 200);
  })
  .put('/user.php', validate('json', languageInput), async (c) => {
    const member = await requireMember(c);
    const { language: locale } = c.req.valid('json');
    if (!(c.get('tenant').locales as string[]).includes(locale)) throw new AppError('invalid_request', 400);
    const [updated] = await updateMember(c.get('db'), member.id, { language: locale });
    setCookie(c, LOCALE_COOKIE, locale, { path: '/', maxAge: 365 * 86400, sameSite: 'Lax' });
    return c.json((await userBody(c.get('db'), updated!, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .get('/logout.php', async (c) => {
    const hash = c.get('sessionHash');
    const member = await memberOf(c);
    if (hash) await deleteSession(c.get('db'), hash);
    // the session's live connections end with it
    if (hash && member) c.executionCtx.waitUntil(disconnect(c.env, member.id, hash));
    clearSessionCookie(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ ok: true } satisfies LogoutAnswer, 200);
  });
