import { and, eq, gt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { operators, operatorSessions, operatorSetupTokens } from '../../db/schema';
import type { Db } from '../../lib/db';
import { deleteOperatorSessions } from './operator.queries';

/** A set-up link works for a day: long enough to hand it over, short enough not to linger in a chat or a mailbox. */
export const SETUP_HOURS = 24;
/**
 * The password hash and TOTP secret of an operator who has not (or no longer, after a reset) set
 * up their own: no password verifies against it and the login refuses it before any code is checked.
 */
export const NOT_SET_UP = '';

export const setupExpiry = (now: Date) => new Date(now.getTime() + SETUP_HOURS * 3600_000).toISOString();

export const insertSetupToken = (db: Db, hash: string, operatorId: number | SQL, now: Date) =>
  db.insert(operatorSetupTokens).values({ tokenHash: hash, operatorId, createdAt: now.toISOString(), expiresAt: setupExpiry(now) });

/** Links that ran out unused (the daily job): only hashes, but nothing to keep them for. */
export const dropExpiredSetupTokens = (db: Db, now: Date) =>
  db.delete(operatorSetupTokens).where(lte(operatorSetupTokens.expiresAt, now.toISOString()));

export const deleteSetupTokens = (db: Db, operatorId: number) =>
  db.delete(operatorSetupTokens).where(eq(operatorSetupTokens.operatorId, operatorId));

/** A live set-up link and its operator (not disabled), or nothing. */
export async function setupTokenOf(db: Db, hash: string, now: Date) {
  const [row] = await db
    .select({ token: operatorSetupTokens, operator: operators })
    .from(operatorSetupTokens)
    .innerJoin(operators, eq(operators.id, operatorSetupTokens.operatorId))
    .where(
      and(eq(operatorSetupTokens.tokenHash, hash), gt(operatorSetupTokens.expiresAt, now.toISOString()), eq(operators.disabled, false)),
    )
    .limit(1);
  return row ?? null;
}

/** Offers a new TOTP secret on a live link (the last one offered is the one a set-up can confirm). */
export const offerSetupSecret = (db: Db, hash: string, secret: string, now: Date) =>
  db
    .update(operatorSetupTokens)
    .set({ totpSecret: secret })
    .where(and(eq(operatorSetupTokens.tokenHash, hash), gt(operatorSetupTokens.expiresAt, now.toISOString())))
    .returning({ operatorId: operatorSetupTokens.operatorId });

/**
 * Completes a set-up: the operator's own password and secret, only while the link still holds and
 * still offers that secret (two requests with one link: the second changes nothing, and its batch
 * is voided by the audit row's check, credentialsAre); then every link and session of the operator goes.
 */
export const completeSetupRows = (
  db: Db,
  v: { hash: string; operatorId: number; passwordHash: string; secret: string; step: number; now: Date },
) =>
  [
    db
      .update(operators)
      .set({ passwordHash: v.passwordHash, totpSecret: v.secret, lastTotpStep: v.step, pendingTotpSecret: null })
      .where(
        and(
          eq(operators.id, v.operatorId),
          sql`EXISTS (SELECT 1 FROM operator_setup_tokens WHERE token_hash = ${v.hash} AND operator_id = ${v.operatorId} AND expires_at > ${v.now.toISOString()} AND totp_secret = ${v.secret})`,
        ),
      ),
    deleteSetupTokens(db, v.operatorId),
    deleteOperatorSessions(db, v.operatorId),
  ] as const;

/** The operator's row holds this password hash (freshly salted when just set, so unique) and this secret: the change of the same batch took effect. */
export const credentialsAre = (operatorId: number, passwordHash: string, secret: string) =>
  sql`EXISTS (SELECT 1 FROM operators WHERE id = ${operatorId} AND password_hash = ${passwordHash} AND totp_secret = ${secret})`;

/**
 * An admin's reset: the operator's password and secret are void at once, every session and earlier
 * link ends, and a new link is stored (its hash only). Nothing of what the operator chooses next
 * passes through the admin.
 */
export const resetOperatorRows = (db: Db, operatorId: number, companyId: number, tokenHash: string, now: Date) =>
  [
    db
      .update(operators)
      .set({ passwordHash: NOT_SET_UP, totpSecret: NOT_SET_UP, lastTotpStep: null, pendingTotpSecret: null })
      .where(and(eq(operators.id, operatorId), eq(operators.companyId, companyId))),
    deleteOperatorSessions(db, operatorId),
    deleteSetupTokens(db, operatorId),
    insertSetupToken(db, tokenHash, operatorId, now),
  ] as const;

/** Every session of the operator but this one (a credential change keeps the client that made it). */
export const deleteOtherOperatorSessions = (db: Db, operatorId: number, keepHash: string) =>
  db.delete(operatorSessions).where(and(eq(operatorSessions.operatorId, operatorId), ne(operatorSessions.tokenHash, keepHash)));

/** The operator's new password (the caller checked the current one and a code). */
export const setOperatorPassword = (db: Db, operatorId: number, passwordHash: string) =>
  db.update(operators).set({ passwordHash }).where(eq(operators.id, operatorId));

/** Keeps a new secret pending until a code of it confirms it. */
export const setPendingTotp = (db: Db, operatorId: number, secret: string) =>
  db.update(operators).set({ pendingTotpSecret: secret }).where(eq(operators.id, operatorId));

/** The pending secret becomes the operator's (only if it is still the one confirmed), with the step of its code taken. */
export const confirmPendingTotp = (db: Db, operatorId: number, secret: string, step: number) =>
  db
    .update(operators)
    .set({ totpSecret: secret, pendingTotpSecret: null, lastTotpStep: step })
    .where(and(eq(operators.id, operatorId), eq(operators.pendingTotpSecret, secret)))
    .returning({ id: operators.id });
