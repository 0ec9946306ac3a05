import { Hono } from 'hono';
import * as z from 'zod';
import {
  DELETION_GRACE_DAYS,
  deleteAccountInput,
  mailChangeInput,
  PASSWORD_MIN,
  passwordInput,
  resetInput,
  resetRequestInput,
  tokenInput,
  type MailChangeDoAnswer,
  type ReactivateAnswer,
} from '../../contracts/account';
import type { Ok } from '../../contracts/common';
import { memberByEmail, memberById, parseList } from '../../domain/members';
import { deleteMemberSessions } from '../../domain/sessions';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { disconnect } from '../../lib/live';
import { hashPassword, tokenHash, verifyPassword } from '../../lib/crypto';
import { AppError, RateLimited } from '../../lib/errors';
import { limitRequest } from '../../middleware/client';
import { takeLimit } from '../../lib/rate-limit';
import { validate } from '../../middleware/validate';
import { clearSessionCookie, memberOf, newSession, requireMember } from '../../middleware/session';
import {
  activate,
  clearAllAttempts,
  consumeToken,
  dropPendingLinks,
  markDeleted,
  reactivateMember,
  reenableMail,
  setPassword,
  updateMember,
} from './account.queries';
import { attemptKeys, mailedLink, normalizeEmail, takeAttempt } from './account.service';
import { failedOn, UNIQUES } from '../../lib/db';

export const RESET_TTL_MS = 3600_000;
export const RESETS_PER_DAY = 3;
export const MAIL_CHANGE_TTL_MS = 86400_000;
export const MAIL_CHANGES_PER_DAY = 3;
export const RECONFIRMS_PER_DAY = 3;

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const ok: Ok = { ok: true };

export const linkRoutes = new Hono<AppEnv>()
  // Activation link from the mail: single use, then a screen of the app.
  .get('/activate.php', async (c) => {
    const raw = c.req.query('token') ?? '';
    if (!token.safeParse(raw).success) return c.redirect('/activate/error', 302);
    const confirmed = await activate(c.get('db'), await tokenHash(raw), clock.now());
    return c.redirect(confirmed ? '/activate/done' : '/activate/error', 302);
  })
  // Mail switched off (a bounce, a complaint, an unsubscribe at the provider): a link to the same
  // address; following it proves the mailbox works, and the list is cleared (spec section 2's fix).
  .post('/reconfirm.php', async (c) => {
    const member = await requireMember(c);
    if (!parseList(member.notificationsDisabled).length) throw new AppError('invalid_request', 400);
    const db = c.get('db');
    const wait = await takeLimit(db, `reconfirm:${member.id}`, { limit: RECONFIRMS_PER_DAY, windowMs: 86400_000 }, clock.now());
    if (wait !== null) throw new RateLimited('too_many_requests', wait);
    await db.batch([...(await mailedLink(c, member, 'reconfirm', MAIL_CHANGE_TTL_MS, { data: member.email }))]);
    return c.json(ok, 200);
  })
  .get('/reconfirm.php', async (c) => {
    const raw = c.req.query('token') ?? '';
    const db = c.get('db');
    const used = token.safeParse(raw).success ? await consumeToken(db, await tokenHash(raw), 'reconfirm', clock.now()) : null;
    // only for the address the link went to (a changed address proves nothing here)
    const cleared = used?.data ? await reenableMail(db, used.memberId, used.data) : [];
    return c.redirect(cleared.length ? '/notifications?reconfirmed=1' : '/notifications?reconfirmed=0', 302);
  })
  .post('/reset-password.php', validate('json', resetRequestInput), async (c) => {
    const db = c.get('db');
    // each answer says whether an address has an account here (the spec's 'E-mailadres niet gevonden')
    await limitRequest(c, 'reset');
    const member = await memberByEmail(db, c.get('tenant').company_id, normalizeEmail(c.req.valid('json').email));
    if (!member || member.status === 'deleted') throw new AppError('email_not_found', 404);
    const wait = await takeLimit(db, `reset:${member.id}`, { limit: RESETS_PER_DAY, windowMs: 86400_000 }, clock.now());
    if (wait !== null) throw new RateLimited('too_many_resets', wait);
    await db.batch([...(await mailedLink(c, member, 'reset', RESET_TTL_MS))]);
    return c.json(ok, 200);
  })
  .post('/reset-password-do.php', validate('json', resetInput), async (c) => {
    const input = c.req.valid('json');
    if (input.password !== input.password_confirm) throw new AppError('passwords_differ', 400);
    if (input.password.length < PASSWORD_MIN) throw new AppError('password_too_short', 400);
    const db = c.get('db');
    const used = token.safeParse(input.token).success ? await consumeToken(db, await tokenHash(input.token), 'reset', clock.now()) : null;
    if (!used) throw new AppError('link_invalid', 400);
    const member = await memberById(db, used.memberId);
    // A reset ends every session of the member, and proves the mailbox: every lock on the address ends.
    const unlock = member ? [clearAllAttempts(db, (await attemptKeys(c, member.companyId, member.email)).account)] : [];
    await db.batch([
      setPassword(db, used.memberId, await hashPassword(input.password, c.env.PASSWORD_PEPPER)),
      ...unlock,
      deleteMemberSessions(db, used.memberId),
      dropPendingLinks(db, used.memberId),
    ]);
    c.executionCtx.waitUntil(disconnect(c.env, used.memberId, null));
    clearSessionCookie(c);
    return c.json(ok, 200);
  })
  .post('/password.php', validate('json', passwordInput), async (c) => {
    const member = await requireMember(c);
    await limitRequest(c, 'password', member.id);
    const input = c.req.valid('json');
    // a wrong current password counts toward the lockout, as a failed login does (a stolen session cannot guess it)
    const attempt = await takeAttempt(c, member.companyId, member.email);
    const { ok: right } = await verifyPassword(input.old_password, member.passwordHash, c.env.PASSWORD_PEPPER);
    if (!right) throw attempt.failed(new AppError('old_password_wrong', 400));
    const db = c.get('db');
    if (input.password.length < PASSWORD_MIN) {
      await db.batch(attempt.succeeded());
      throw new AppError('password_too_short', 400);
    }
    // Every session ends, this one included; this client gets a fresh token.
    const session = await newSession(c, member.id);
    await db.batch([
      setPassword(db, member.id, await hashPassword(input.password, c.env.PASSWORD_PEPPER)),
      deleteMemberSessions(db, member.id),
      dropPendingLinks(db, member.id),
      session.statement,
      ...attempt.succeeded(),
    ]);
    c.executionCtx.waitUntil(disconnect(c.env, member.id, null));
    session.setSessionCookie();
    return c.json(ok, 200);
  })
  .post('/mail-change.php', validate('json', mailChangeInput), async (c) => {
    const member = await requireMember(c);
    await limitRequest(c, 'mailChange', member.id);
    const input = c.req.valid('json');
    // A stolen session alone must not be enough to move the account to another address, nor to
    // guess the password: a wrong one counts toward the lockout.
    const attempt = await takeAttempt(c, member.companyId, member.email);
    if (!(await verifyPassword(input.password, member.passwordHash, c.env.PASSWORD_PEPPER)).ok)
      throw attempt.failed(new AppError('old_password_wrong', 400));
    const email = normalizeEmail(input.email);
    const db = c.get('db');
    await db.batch(attempt.succeeded());
    const wait = await takeLimit(db, `mail-change:${member.id}`, { limit: MAIL_CHANGES_PER_DAY, windowMs: 86400_000 }, clock.now());
    if (wait !== null) throw new RateLimited('too_many_requests', wait);
    if (!z.email().safeParse(email).success || email === member.email || (await memberByEmail(db, member.companyId, email)))
      throw new AppError('invalid_new_email', 400);
    await db.batch([...(await mailedLink(c, member, 'mail_change', MAIL_CHANGE_TTL_MS, { to: email, data: email }))]);
    return c.json(ok, 200);
  })
  .post('/mail-change-do.php', validate('json', tokenInput), async (c) => {
    const raw = c.req.valid('json').token;
    const db = c.get('db');
    const used = token.safeParse(raw).success ? await consumeToken(db, await tokenHash(raw), 'mail_change', clock.now()) : null;
    if (!used?.data) throw new AppError('link_invalid', 400);
    const member = await memberById(db, used.memberId);
    if (!member || member.status === 'deleted') throw new AppError('link_invalid', 400);
    try {
      // The new address is proven now: an unconfirmed member counts as confirmed.
      const confirm =
        member.status === 'not_confirmed'
          ? { status: 'active' as const, profileStatus: 'active' as const, emailConfirmedAt: clock.now().toISOString() }
          : {};
      // a new address starts with mail switched on (what bounced or complained was the old one)
      const [updated] = await updateMember(db, member.id, { email: used.data, notificationsDisabled: '[]', ...confirm });
      const answer: MailChangeDoAnswer = (await memberOf(c))?.id === member.id ? await userBody(db, updated!, c.get('tenant').niche) : ok;
      return c.json(answer, 200);
    } catch (error) {
      if (failedOn(error, 'unique', UNIQUES.memberEmail)) throw new AppError('invalid_new_email', 400);
      throw error;
    }
  })
  .post('/delete-account.php', validate('json', deleteAccountInput), async (c) => {
    const member = await requireMember(c);
    const db = c.get('db');
    // Hidden from everyone at once; the mailed link brings it back within the grace period.
    await db.batch([
      ...markDeleted(db, member.id, c.req.valid('json').reason, clock.now()),
      dropPendingLinks(db, member.id),
      ...(await mailedLink(c, member, 'reactivate', DELETION_GRACE_DAYS * 86400_000)),
    ]);
    c.executionCtx.waitUntil(disconnect(c.env, member.id, null));
    clearSessionCookie(c);
    return c.json(ok, 200);
  })
  // The mailed link opens /reactivate, where the member confirms: a link scanner's GET changes nothing.
  .post('/reactivate.php', validate('json', tokenInput), async (c) => {
    const raw = c.req.valid('json').token;
    const db = c.get('db');
    const used = token.safeParse(raw).success ? await consumeToken(db, await tokenHash(raw), 'reactivate', clock.now()) : null;
    const member = used ? await memberById(db, used.memberId) : null;
    if (!member || member.status !== 'deleted' || member.erasedAt || member.companyId !== c.get('tenant').company_id)
      throw new AppError('link_invalid', 400);
    const session = await newSession(c, member.id);
    const back = reactivateMember(db, member);
    await db.batch([back.statement, session.statement]);
    session.setSessionCookie();
    const answer: ReactivateAnswer = await userBody(
      db,
      { ...member, status: back.status, deletedAt: null, deleteReason: null },
      c.get('tenant').niche,
    );
    return c.json(answer, 200);
  });
