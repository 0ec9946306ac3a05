import { Hono, type Context } from 'hono';
import { AUDIT_PAGE, MODERATION_PAGE } from '../../contracts/operator.values';
import {
  auditQuery,
  createOperatorInput,
  moderationQuery,
  operatorLoginInput,
  photoDecisionInput,
  photoFileQuery,
  updateOperatorInput,
  type AuditAnswer,
  type CreateOperatorAnswer,
  type ModerationAnswer,
  type ModerationPhoto,
  type OperatorLogoutAnswer,
  type OperatorMeAnswer,
  type OperatorsAnswer,
  type PhotoDecisionAnswer,
  type UpdateOperatorAnswer,
} from '../../contracts/operator';
import type { Photo } from '../../domain/photos';
import { mailSite } from '../../domain/reports';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, newToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { disconnectOperator } from '../../lib/live';
import { mailText, queueMail, renderMail } from '../../lib/mail';
import { DEV_TOTP_AT_HEADER, totpMoment, totpStep } from '../../lib/totp';
import { validate } from '../../middleware/validate';
import { consoleRoutes } from './console.routes';
import { NOT_SET_UP, insertSetupToken, setupExpiry } from './credentials.queries';
import { credentialsRoutes, setupUrl } from './credentials.routes';
import { fictionalRoutes } from './fictional.routes';
import { clearOperatorCookie, newOperatorSession, operatorSession, requireOperator, takeLoginAttempt } from './operator.auth';
import {
  approvePhotoRow,
  auditPage,
  companyOperators,
  decided,
  deleteOperatorSession,
  deleteOperatorSessions,
  insertAudit,
  insertAuditIf,
  insertOperator,
  operatorByEmail,
  operatorIdByEmail,
  operatorIdTextByEmail,
  operatorOfCompany,
  pendingCount,
  pendingPage,
  queueMembers,
  photoOfCompany,
  photosOfMembers,
  isVoidedBatch,
  operatorJson,
  removePhotoRows,
  takeTotpStep,
  updateOperatorRow,
  type Operator,
} from './operator.queries';

const photoFile = (id: string, size: 'thumb' | 'display') => `/api/operator/photo-file.php?id=${id}&size=${size}`;
const moderationPhoto = (p: Photo): ModerationPhoto => ({
  id: p.id,
  status: p.status === 'active' ? 'active' : 'pending',
  created_at: p.createdAt,
  thumb: photoFile(p.id, 'thumb'),
  image: photoFile(p.id, 'display'),
  width: p.width,
  height: p.height,
});
const parseJson = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));
const noStore = { 'Cache-Control': 'private, no-store' };

/** A failed login of an existing operator, in their company's audit log: why (never the password or code tried) and which client (a hash of its address). */
async function auditFailedLogin(c: Context<OperatorEnv>, op: Operator, reason: string, now: Date) {
  const client = (await hmacHex(c.env.PASSWORD_PEPPER, `client:${c.req.header('cf-connecting-ip') ?? 'unknown'}`)).slice(0, 12);
  await insertAudit(c.get('db'), {
    companyId: op.companyId,
    operatorId: op.id,
    action: 'session.login_failed',
    objectType: 'operator',
    objectId: String(op.id),
    before: null,
    after: { reason, client },
    at: now,
  });
}

/** A decision's batch; rolled back because another decision came first (insertAuditIf), it is 409 photo_decided. */
async function decide(batch: () => Promise<unknown>) {
  try {
    await batch();
  } catch (error) {
    if (isVoidedBatch(error)) throw new AppError('photo_decided', 409);
    throw error;
  }
}

/**
 * The operators' API, answered only on the operator host (app.ts). Every call but login needs an
 * operator's session (the `osid` cookie) and checks the role; every object is looked up within
 * the operator's company, so another company's id is simply not found. Every action writes its
 * audit row in the same D1 batch as the action.
 */
export const operatorRoutes = new Hono<OperatorEnv>()
  .use(operatorSession)
  .use(async (c, next) => {
    await next();
    // a WebSocket upgrade's answer (the chat console's live.php) has immutable headers
    if (c.res.status !== 101) c.res.headers.set('Cache-Control', 'private, no-store');
  })
  // Password and the current TOTP code in one call (the console asks for them in two steps): one
  // attempt against the lockout whichever is wrong, and the same answer for either.
  .post('/login.php', validate('json', operatorLoginInput), async (c) => {
    const { email: raw, password, code } = c.req.valid('json');
    const email = raw.trim().toLowerCase();
    const db = c.get('db');
    const attempt = await takeLoginAttempt(c, email);
    const found = await operatorByEmail(db, email);
    const { ok } = await verifyPassword(password, found?.passwordHash ?? null, c.env.PASSWORD_PEPPER);
    const now = clock.now();
    // an operator who has not set up their own credentials (new, or reset) has no password that verifies
    const step =
      found && ok && found.totpSecret
        ? totpStep(found.totpSecret, code, totpMoment(c.env.ENVIRONMENT, c.req.header(DEV_TOTP_AT_HEADER), now))
        : null;
    // a code is good once: its step must be later than the last one taken (a replay fails like a wrong code)
    const [taken] = found && step !== null && !found.disabled ? await takeTotpStep(db, found.id, step) : [];
    if (!found || !taken) {
      // a failure on an existing operator goes into their company's audit log (after the answer, so its time says nothing)
      const reason = !ok ? 'password' : found?.disabled ? 'disabled' : step === null ? 'code' : 'code_reused';
      if (found) c.executionCtx.waitUntil(auditFailedLogin(c, found, reason, now));
      throw attempt.failed(new AppError('login_failed', 401));
    }
    const session = await newOperatorSession(c, found.id);
    const audit = insertAudit(db, {
      companyId: found.companyId,
      operatorId: found.id,
      action: 'session.login',
      objectType: 'operator',
      objectId: String(found.id),
      before: null,
      after: null,
      at: now,
    });
    await db.batch([...attempt.succeeded(), session.statement, audit]);
    session.setSessionCookie();
    await attempt.remember();
    return c.json({ operator: operatorJson(found) } satisfies OperatorMeAnswer, 200);
  })
  .post('/logout.php', async (c) => {
    const operator = c.get('operator');
    const hash = c.get('operatorSessionHash');
    const db = c.get('db');
    if (operator && hash)
      await db.batch([
        deleteOperatorSession(db, hash),
        insertAudit(db, {
          companyId: operator.companyId,
          operatorId: operator.id,
          action: 'session.logout',
          objectType: 'operator',
          objectId: String(operator.id),
          before: null,
          after: null,
          at: clock.now(),
        }),
      ]);
    // the session's console sockets end with it
    if (operator && hash) c.executionCtx.waitUntil(disconnectOperator(c.env, operator.companyId, operator.id, hash));
    clearOperatorCookie(c);
    return c.json({ ok: true } satisfies OperatorLogoutAnswer, 200);
  })
  .get('/me.php', (c) => c.json({ operator: operatorJson(requireOperator(c)) } satisfies OperatorMeAnswer, 200))

  // ---- operators (admin) ----
  .get('/operators.php', async (c) => {
    const admin = requireOperator(c, 'admin');
    const list = await companyOperators(c.get('db'), admin.companyId);
    return c.json({ operators: list.map(operatorJson) } satisfies OperatorsAnswer, 200);
  })
  .post('/operators.php', validate('json', createOperatorInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const { email: raw, name, role } = c.req.valid('json');
    const email = raw.trim().toLowerCase();
    const db = c.get('db');
    if (await operatorByEmail(db, email)) throw new AppError('operator_exists', 409);
    // no password and no secret yet: the operator chooses both through the one-time link the admin hands over
    const token = newToken();
    const now = clock.now();
    const row = {
      companyId: admin.companyId,
      email,
      name,
      role,
      passwordHash: NOT_SET_UP,
      totpSecret: NOT_SET_UP,
      createdAt: now.toISOString(),
    };
    // the operator, the link's hash and the audit row in one batch (they name the id the insert made)
    const after = { email, name, role, disabled: false };
    let created: Operator | undefined;
    try {
      [[created]] = await db.batch([
        insertOperator(db, row),
        insertSetupToken(db, await tokenHash(token), operatorIdByEmail(email), now),
        insertAudit(db, {
          companyId: admin.companyId,
          operatorId: admin.id,
          action: 'operator.create',
          objectType: 'operator',
          objectId: operatorIdTextByEmail(email),
          before: null,
          after,
          at: now,
        }),
      ]);
    } catch {
      throw new AppError('operator_exists', 409); // the same address, created at the same moment
    }
    return c.json(
      { operator: operatorJson(created!), setup_url: setupUrl(c, token), expires_at: setupExpiry(now) } satisfies CreateOperatorAnswer,
      201,
    );
  })
  .put('/operators.php', validate('json', updateOperatorInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const { id, role, disabled } = c.req.valid('json');
    const db = c.get('db');
    // an admin cannot lock themselves out (nor leave a company without an admin by mistake)
    if (id === admin.id) throw new AppError('operator_self', 409);
    const current = await operatorOfCompany(db, id, admin.companyId);
    if (!current) throw new AppError('not_found_generic', 404);
    const changes = { ...(role !== undefined ? { role } : {}), ...(disabled !== undefined ? { disabled } : {}) };
    const now = clock.now();
    const before = operatorJson(current);
    const afterGuess = { ...before, ...changes };
    const [[updated]] = await db.batch([
      updateOperatorRow(db, id, admin.companyId, changes),
      ...(disabled ? [deleteOperatorSessions(db, id)] : []),
      insertAudit(db, {
        companyId: admin.companyId,
        operatorId: admin.id,
        action: 'operator.update',
        objectType: 'operator',
        objectId: String(id),
        before,
        after: afterGuess,
        at: now,
      }),
    ]);
    // disabled or given another role: the operator's open consoles close (a reconnect is checked against the new rights)
    if (disabled || (role !== undefined && role !== current.role)) c.executionCtx.waitUntil(disconnectOperator(c.env, admin.companyId, id));
    return c.json({ operator: operatorJson(updated!) } satisfies UpdateOperatorAnswer, 200);
  })

  // ---- audit log (admin) ----
  .get('/audit.php', validate('query', auditQuery), async (c) => {
    const admin = requireOperator(c, 'admin');
    const q = c.req.valid('query');
    const rows = await auditPage(
      c.get('db'),
      admin.companyId,
      {
        operator: q.operator,
        action: q.action,
        objectType: q.object_type,
        objectId: q.object_id,
        from: q.from,
        to: q.to,
        before: q.before,
      },
      AUDIT_PAGE,
    );
    const page = rows.slice(0, AUDIT_PAGE);
    return c.json(
      {
        entries: page.map(({ entry, operatorName }) => ({
          id: entry.id,
          operator: { id: entry.operatorId, name: operatorName ?? '' },
          action: entry.action,
          object_type: entry.objectType,
          object_id: entry.objectId,
          before: parseJson(entry.before),
          after: parseJson(entry.after),
          created_at: entry.createdAt,
        })),
        next: rows.length > AUDIT_PAGE ? page[page.length - 1]!.entry.id : null,
      } satisfies AuditAnswer,
      200,
    );
  })

  // ---- photo moderation (moderator, admin) ----
  .get('/photos.php', validate('query', moderationQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const { after } = c.req.valid('query');
    const db = c.get('db');
    const [createdAt, id] = after ? (after.split('|') as [string, string]) : [];
    // the count on the first page only
    const keyset = createdAt && id ? { createdAt, id } : null;
    const [rows, pending] = await Promise.all([
      pendingPage(db, op.companyId, keyset, MODERATION_PAGE),
      keyset ? null : pendingCount(db, op.companyId),
    ]);
    const page = rows.slice(0, MODERATION_PAGE);
    const memberIds = [...new Set(page.map((p) => p.memberId))];
    // the members and their other photos in one round trip
    const [people, others] = memberIds.length ? await db.batch([queueMembers(db, memberIds), photosOfMembers(db, memberIds)]) : [[], []];
    const byId = new Map(people.map((m) => [m.id, m]));
    const last = page[page.length - 1];
    return c.json(
      {
        photos: page.map((photo) => {
          const member = byId.get(photo.memberId)!;
          return {
            ...moderationPhoto(photo),
            member: { id: member.id, name: member.name, site: member.site, gender: member.gender, birth_date: member.birthDate },
            others: others.filter((o) => o.memberId === member.id && o.id !== photo.id).map(moderationPhoto),
          };
        }),
        next: rows.length > MODERATION_PAGE && last ? `${last.createdAt}|${last.id}` : null,
        pending,
      } satisfies ModerationAnswer,
      200,
    );
  })
  .post('/photo.php', validate('json', photoDecisionInput), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const input = c.req.valid('json');
    const db = c.get('db');
    const found = await photoOfCompany(db, input.id, op.companyId);
    if (!found) throw new AppError('not_found_generic', 404);
    const { photo, member } = found;
    // Only a photo under inspection is decided on; an approved one may still be removed; a removed one stays removed.
    if (photo.status === 'removed' || (photo.status === 'active' && input.decision === 'approve')) throw new AppError('photo_decided', 409);
    const now = clock.now();
    const audit = {
      companyId: op.companyId,
      operatorId: op.id,
      objectType: 'photo',
      objectId: photo.id,
      before: { status: photo.status, member: member.id },
      at: now,
    };
    if (input.decision === 'approve') {
      await decide(() =>
        db.batch([
          approvePhotoRow(db, photo.id, op.id, now),
          insertAuditIf(
            db,
            { ...audit, action: 'photo.approve', after: { status: 'active', member: member.id } },
            decided(photo.id, op.id, now, 'active'),
          ),
        ]),
      );
      return c.json({ id: photo.id, status: 'active' } satisfies PhotoDecisionAnswer, 200);
    }
    const note = input.note || null;
    // the statement of reasons: by mail in the member's language, branded with the home site, and on the profile screen
    // its links point at the site's own host in this environment (a staging worker's mail links to staging)
    const { locale, domain, siteName, theme, origin } = mailSite(member, c.env.ENVIRONMENT);
    const reason = mailText(locale, `photo_removed.reasons.${input.reason}`);
    const extra = [
      ...(note ? [mailText(locale, 'photo_removed.note', { note })] : []),
      mailText(locale, 'photo_removed.ground'),
      mailText(locale, 'photo_removed.appeal', { complaints: `${origin}/complaints` }),
    ];
    const mail = renderMail(
      locale,
      'photo_removed',
      { name: member.name, site_name: siteName, domain, theme, link: `${origin}/profile`, reason },
      extra,
    );
    const removed = decided(photo.id, op.id, now, 'removed');
    await decide(() =>
      db.batch([
        ...removePhotoRows(db, photo, op.id, now, input.reason, note),
        insertAuditIf(
          db,
          { ...audit, action: 'photo.remove', after: { status: 'removed', member: member.id, reason: input.reason, note } },
          removed,
        ),
        queueMail(db, { memberId: member.id, site: member.homeSite, to: member.email, kind: 'photo_removed', ...mail }),
      ]),
    );
    c.set('mailQueued', true);
    // the files go; the row stays as the record of the decision
    await c.env.PHOTOS.delete(photo.thumbKey && photo.thumbKey !== photo.key ? [photo.key, photo.thumbKey] : [photo.key]);
    return c.json({ id: photo.id, status: 'removed' } satisfies PhotoDecisionAnswer, 200);
  })
  // A photo's bytes for the console: only for moderators and admins of the member's company, never cached by anyone else.
  .get('/photo-file.php', validate('query', photoFileQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const { id, size } = c.req.valid('query');
    const found = await photoOfCompany(c.get('db'), id, op.companyId);
    if (!found || found.photo.status === 'removed') throw new AppError('not_found_generic', 404);
    const key = size === 'thumb' ? found.photo.thumbKey || found.photo.key : found.photo.key;
    const object = await c.env.PHOTOS.get(key);
    if (!object) throw new AppError('not_found_generic', 404);
    return new Response(object.body, {
      headers: { 'Content-Type': found.photo.contentType, ...noStore, 'X-Content-Type-Options': 'nosniff' },
    });
  })
  // ---- set-up links, own password and authenticator, an admin's reset ----
  .route('/', credentialsRoutes)
  // ---- the chat console (chat, admin; its figures admin) ----
  .route('/', consoleRoutes)
  // ---- fictional profiles (admin edits, chat reads) ----
  .route('/', fictionalRoutes);
