import { Hono, type Context } from 'hono';
import {
  operatorPasswordInput,
  operatorTotpInput,
  resetOperatorInput,
  setupInput,
  setupStartInput,
  type OperatorCredentialsAnswer,
  type OperatorMeAnswer,
  type ResetOperatorAnswer,
  type SetupStartAnswer,
  type TotpStartAnswer,
} from '../../contracts/operator';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { disconnectOperator } from '../../lib/live';
import { hashPassword, newToken, tokenHash, verifyPassword } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { DEV_TOTP_AT_HEADER, newTotpSecret, totpMoment, totpStep, totpUri } from '../../lib/totp';
import { validate } from '../../middleware/validate';
import {
  completeSetupRows,
  confirmPendingTotp,
  credentialsAre,
  deleteOtherOperatorSessions,
  offerSetupSecret,
  resetOperatorRows,
  setOperatorPassword,
  setPendingTotp,
  setupExpiry,
  setupTokenOf,
} from './credentials.queries';
import { newOperatorSession, operatorAccountKey, rememberOperatorDevice, requireOperator, takeLoginAttempt } from './operator.auth';
import {
  clearOperatorLocks,
  deleteOperatorSessions,
  insertAudit,
  insertAuditIf,
  isVoidedBatch,
  operatorJson,
  operatorOfCompany,
  takeTotpStep,
  type Operator,
} from './operator.queries';

type C = Context<OperatorEnv>;

/** The link an admin hands over: the operator host's own origin, the token after `#` (never sent to a server, never in a log or a Referer). */
export const setupUrl = (c: C, token: string) => `${new URL(c.req.url).origin}/setup#${token}`;

/**
 * The current password and a fresh code, asked before an operator changes either: counted by the
 * login's lockout (a stolen session cannot guess the password), a code good once. Answers the
 * attempt, whose `succeeded()` statements go into the change's batch.
 */
async function proveCredentials(c: C, op: Operator, password: string, code: string) {
  const attempt = await takeLoginAttempt(c, op.email);
  const { ok } = await verifyPassword(password, op.passwordHash, c.env.PASSWORD_PEPPER);
  const step = ok ? totpStep(op.totpSecret, code, totpMoment(c.env.ENVIRONMENT, c.req.header(DEV_TOTP_AT_HEADER), clock.now())) : null;
  if (step === null) throw attempt.failed(new AppError('credentials_wrong', 400));
  const [taken] = await takeTotpStep(c.get('db'), op.id, step);
  if (!taken) throw attempt.failed(new AppError('credentials_wrong', 400));
  return attempt;
}

/**
 * An admin resets another operator of the company: password and secret void at once, every session
 * and earlier link ended, every console socket of theirs closed, a new set-up link for the admin
 * to hand over.
 */
export async function resetOperator(c: C, admin: Operator, target: Operator) {
  const db = c.get('db');
  const now = clock.now();
  const token = newToken();
  await db.batch([
    ...resetOperatorRows(db, target.id, admin.companyId, await tokenHash(token), now),
    insertAudit(db, {
      companyId: admin.companyId,
      operatorId: admin.id,
      action: 'operator.reset',
      objectType: 'operator',
      objectId: String(target.id),
      before: null,
      after: null,
      at: now,
    }),
  ]);
  c.executionCtx.waitUntil(disconnectOperator(c.env, admin.companyId, target.id));
  return { setup_url: setupUrl(c, token), expires_at: setupExpiry(now) };
}

/** An operator's own new password: every session ends with its sockets (this client's console reconnects with its new session). */
export async function changeOperatorPassword(c: C, op: Operator, current: string, code: string, password: string) {
  const attempt = await proveCredentials(c, op, current, code);
  const db = c.get('db');
  const now = clock.now();
  const session = await newOperatorSession(c, op.id);
  await db.batch([
    ...attempt.succeeded(),
    setOperatorPassword(db, op.id, await hashPassword(password, c.env.PASSWORD_PEPPER)),
    deleteOperatorSessions(db, op.id),
    session.statement,
    insertAudit(db, {
      companyId: op.companyId,
      operatorId: op.id,
      action: 'operator.password',
      objectType: 'operator',
      objectId: String(op.id),
      before: null,
      after: null,
      at: now,
    }),
  ]);
  c.executionCtx.waitUntil(disconnectOperator(c.env, op.companyId, op.id));
  session.setSessionCookie();
}

/** An operator confirms their new authenticator: the pending secret replaces the old one, every other session ends with its sockets. */
export async function reenrolOperatorTotp(c: C, op: Operator, current: string, code: string, newCode: string) {
  const now = clock.now();
  const pending = op.pendingTotpSecret;
  const newStep = pending ? totpStep(pending, newCode, now) : null;
  if (!pending || newStep === null) throw new AppError('totp_wrong', 400);
  const attempt = await proveCredentials(c, op, current, code);
  const db = c.get('db');
  const hash = c.get('operatorSessionHash')!;
  try {
    await db.batch([
      ...attempt.succeeded(),
      confirmPendingTotp(db, op.id, pending, newStep),
      deleteOtherOperatorSessions(db, op.id, hash),
      // a second start meanwhile offered another secret: nothing changes
      insertAuditIf(
        db,
        {
          companyId: op.companyId,
          operatorId: op.id,
          action: 'operator.totp',
          objectType: 'operator',
          objectId: String(op.id),
          before: null,
          after: null,
          at: now,
        },
        credentialsAre(op.id, op.passwordHash, pending),
      ),
    ]);
  } catch (error) {
    if (isVoidedBatch(error)) throw new AppError('totp_wrong', 400);
    throw error;
  }
  c.executionCtx.waitUntil(disconnectOperator(c.env, op.companyId, op.id, null, { keep: hash }));
}

/**
 * The operator's own credentials: the one-time set-up (no session: the link is the proof), and
 * from the console's settings a new password or a new authenticator; an admin's reset. Neither
 * the password nor the secret an operator chooses ever reaches an admin.
 */
export const credentialsRoutes = new Hono<OperatorEnv>()
  .post('/setup-start.php', validate('json', setupStartInput), async (c) => {
    const { token } = c.req.valid('json');
    const db = c.get('db');
    const now = clock.now();
    const hash = await tokenHash(token);
    const found = await setupTokenOf(db, hash, now);
    if (!found) throw new AppError('setup_link_invalid', 400);
    const secret = newTotpSecret();
    const [offered] = await offerSetupSecret(db, hash, secret, now);
    if (!offered) throw new AppError('setup_link_invalid', 400);
    const { email, name } = found.operator;
    return c.json({ operator: { email, name }, secret, otpauth_uri: totpUri(secret, email) } satisfies SetupStartAnswer, 200);
  })
  .post('/setup.php', validate('json', setupInput), async (c) => {
    const { token, password, code } = c.req.valid('json');
    const db = c.get('db');
    const now = clock.now();
    const hash = await tokenHash(token);
    const found = await setupTokenOf(db, hash, now);
    const secret = found?.token.totpSecret;
    if (!found || !secret) throw new AppError('setup_link_invalid', 400);
    const step = totpStep(secret, code, now);
    if (step === null) throw new AppError('totp_wrong', 400);
    const op = found.operator;
    const passwordHash = await hashPassword(password, c.env.PASSWORD_PEPPER);
    const session = await newOperatorSession(c, op.id);
    try {
      await db.batch([
        ...completeSetupRows(db, { hash, operatorId: op.id, passwordHash, secret, step, now }),
        // the link proved the operator: the lockout of the address ends too
        clearOperatorLocks(db, await operatorAccountKey(c.env.PASSWORD_PEPPER, op.email)),
        session.statement,
        insertAuditIf(
          db,
          {
            companyId: op.companyId,
            operatorId: op.id,
            action: 'operator.setup',
            objectType: 'operator',
            objectId: String(op.id),
            before: null,
            after: null,
            at: now,
          },
          credentialsAre(op.id, passwordHash, secret),
        ),
      ]);
    } catch (error) {
      if (isVoidedBatch(error)) throw new AppError('setup_link_invalid', 400);
      throw error;
    }
    session.setSessionCookie();
    await rememberOperatorDevice(c, op.email);
    return c.json({ operator: operatorJson(op) } satisfies OperatorMeAnswer, 200);
  })
  .post('/password.php', validate('json', operatorPasswordInput), async (c) => {
    const op = requireOperator(c);
    const { current_password, code, password } = c.req.valid('json');
    await changeOperatorPassword(c, op, current_password, code, password);
    return c.json({ ok: true } satisfies OperatorCredentialsAnswer, 200);
  })
  .post('/totp-start.php', async (c) => {
    const op = requireOperator(c);
    const secret = newTotpSecret();
    await setPendingTotp(c.get('db'), op.id, secret);
    return c.json({ secret, otpauth_uri: totpUri(secret, op.email) } satisfies TotpStartAnswer, 200);
  })
  .post('/totp.php', validate('json', operatorTotpInput), async (c) => {
    const op = requireOperator(c);
    const { current_password, code, new_code } = c.req.valid('json');
    await reenrolOperatorTotp(c, op, current_password, code, new_code);
    return c.json({ ok: true } satisfies OperatorCredentialsAnswer, 200);
  })
  .post('/operator-reset.php', validate('json', resetOperatorInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const { id } = c.req.valid('json');
    // an admin changes their own credentials in the settings, never by a link they would hand themselves
    if (id === admin.id) throw new AppError('operator_self', 409);
    const target = await operatorOfCompany(c.get('db'), id, admin.companyId);
    if (!target) throw new AppError('not_found_generic', 404);
    const link = await resetOperator(c, admin, target);
    return c.json({ operator: operatorJson(target), ...link } satisfies ResetOperatorAnswer, 200);
  });
