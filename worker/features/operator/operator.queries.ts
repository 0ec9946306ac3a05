import { and, asc, desc, eq, gt, gte, like, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, members, operators, operatorSessions, photos, rateLimits } from '../../db/schema';
import type { OperatorJson } from '../../contracts/operator';
import type { Photo } from '../../domain/photos';
import { failedOn, inList, NOT_NULLS, type Db } from '../../lib/db';

export type Operator = typeof operators.$inferSelect;

/** An operator as the console shows them (never a credential). */
export const operatorJson = (o: Operator): OperatorJson => ({
  id: o.id,
  email: o.email,
  name: o.name,
  role: o.role,
  disabled: o.disabled,
  created_at: o.createdAt,
});

/** Operator sessions last a working day: 12 hours, then password and code again. */
export const OPERATOR_SESSION_HOURS = 12;
export const operatorByEmail = (db: Db, email: string) => db.query.operators.findFirst({ where: eq(operators.email, email) });

/** An operator of this company (object-level check: another company's operator is not found). */
export const operatorOfCompany = (db: Db, id: number, companyId: number) =>
  db.query.operators.findFirst({ where: and(eq(operators.id, id), eq(operators.companyId, companyId)) });

/** The operator of a live session who is not disabled, or nothing. */
export async function operatorBySession(db: Db, hash: string, now: Date) {
  const [row] = await db
    .select({ operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, hash), gt(operatorSessions.expiresAt, now.toISOString()), eq(operators.disabled, false)))
    .limit(1);
  return row?.operator ?? null;
}

export const insertOperatorSession = (db: Db, hash: string, operatorId: number, now: Date) =>
  db.insert(operatorSessions).values({
    tokenHash: hash,
    operatorId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3600_000).toISOString(),
  });
export const deleteOperatorSession = (db: Db, hash: string) => db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hash));
export const deleteOperatorSessions = (db: Db, operatorId: number) =>
  db.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));

/**
 * Takes the time step of an accepted code: only a step later than the last one taken, in one
 * statement, so a code (or an earlier one) cannot be used twice, not even by two requests at once.
 */
export const takeTotpStep = (db: Db, operatorId: number, step: number) =>
  db
    .update(operators)
    .set({ lastTotpStep: step })
    .where(and(eq(operators.id, operatorId), sql`coalesce(${operators.lastTotpStep}, -1) < ${step}`))
    .returning({ id: operators.id });

/** Every lock on the address ends (a set-up link proved the operator), like a member's reset. */
export const clearOperatorLocks = (db: Db, accountKey: string) =>
  db.delete(rateLimits).where(or(eq(rateLimits.key, accountKey), like(rateLimits.key, `${accountKey}:%`)));

export const companyOperators = (db: Db, companyId: number) =>
  db.select().from(operators).where(eq(operators.companyId, companyId)).orderBy(asc(operators.id));
export const insertOperator = (db: Db, row: typeof operators.$inferInsert) => db.insert(operators).values(row).returning();
/** The id of the operator with this address, as SQL for another statement of the same batch. */
export const operatorIdByEmail = (email: string) => sql`(SELECT id FROM operators WHERE email = ${email})`;
/** The same id as text: an audit row's object id for an operator the same batch creates. */
export const operatorIdTextByEmail = (email: string) => sql`CAST(${operatorIdByEmail(email)} AS TEXT)`;
export const updateOperatorRow = (db: Db, id: number, companyId: number, changes: Partial<Pick<Operator, 'role' | 'disabled'>>) =>
  db
    .update(operators)
    .set(changes)
    .where(and(eq(operators.id, id), eq(operators.companyId, companyId)))
    .returning();

/** An audit row: who, what, which object, before and after (JSON), when. */
export type AuditValues = {
  companyId: number;
  operatorId: number;
  action: string;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
  at: Date;
};
/** An audit row whose object id is found by SQL in the same batch (a row just inserted). */
export type AuditValuesOf = Omit<AuditValues, 'objectId'> & { objectId: string | SQL };
const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export const insertAudit = (db: Db, a: AuditValuesOf) =>
  db.insert(auditLog).values({
    companyId: a.companyId,
    operatorId: a.operatorId,
    action: a.action,
    objectType: a.objectType,
    objectId: a.objectId,
    before: json(a.before),
    after: json(a.after),
    createdAt: a.at.toISOString(),
  });

/**
 * The audit row of an action that must have taken effect in the same batch (`when`, SQL over the
 * batch's earlier writes): when it has not (another operator decided first), the row's company is
 * NULL, which its NOT NULL constraint refuses, and D1 rolls the whole batch back (isVoidedBatch).
 */
export const insertAuditIf = (db: Db, a: AuditValuesOf, when: SQL) =>
  db.insert(auditLog).values({
    companyId: sql`CASE WHEN ${when} THEN ${a.companyId} END`,
    operatorId: a.operatorId,
    action: a.action,
    objectType: a.objectType,
    objectId: a.objectId,
    before: json(a.before),
    after: json(a.after),
    createdAt: a.at.toISOString(),
  });

/** A batch rolled back by insertAuditIf: its action had not taken effect. */
export const isVoidedBatch = (error: unknown): boolean => failedOn(error, 'notnull', NOT_NULLS.auditCompany);

/** Audit entries of a company, newest first, filtered, keyset paged on id. */
export function auditPage(
  db: Db,
  companyId: number,
  f: { operator?: number; action?: string; objectType?: string; objectId?: string; from?: string; to?: string; before?: number },
  limit: number,
) {
  const where = and(
    eq(auditLog.companyId, companyId),
    f.operator ? eq(auditLog.operatorId, f.operator) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.objectType ? eq(auditLog.objectType, f.objectType) : undefined,
    f.objectId ? eq(auditLog.objectId, f.objectId) : undefined,
    f.from ? gte(auditLog.createdAt, `${f.from}T00:00:00.000Z`) : undefined,
    f.to ? lt(auditLog.createdAt, new Date(Date.parse(`${f.to}T00:00:00.000Z`) + 86400_000).toISOString()) : undefined,
    f.before ? lt(auditLog.id, f.before) : undefined,
  );
  return db
    .select({ entry: auditLog, operatorName: operators.name })
    .from(auditLog)
    .leftJoin(operators, eq(operators.id, auditLog.operatorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
}

/** A photo with its member, when the member is in this company's pool (else nothing: another company's photo is not found). */
export async function photoOfCompany(db: Db, id: string, companyId: number) {
  const [row] = await db
    .select({
      photo: photos,
      member: { id: members.id, name: members.name, email: members.email, language: members.language, homeSite: members.homeSite },
    })
    .from(photos)
    .innerJoin(members, eq(members.id, photos.memberId))
    .where(and(eq(photos.id, id), eq(members.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** The photo's member is in this company's pool (a correlated check, so the queue's index decides the order). */
const ofCompany = (companyId: number) =>
  sql`EXISTS (SELECT 1 FROM ${members} WHERE ${members.id} = ${photos.memberId} AND ${members.companyId} = ${companyId})`;

/**
 * A page of the company's moderation queue: pending photos oldest first, after the keyset
 * (created_at, id) of the last one shown. Only photos in the FROM: SQLite walks the partial index
 * photos_pending in order and stops after the page (a join let it start from the company's members
 * and sort them all).
 */
export const pendingPage = (db: Db, companyId: number, after: { createdAt: string; id: string } | null, limit: number) =>
  db
    .select()
    .from(photos)
    .where(
      and(
        eq(photos.status, 'pending'),
        ofCompany(companyId),
        after ? sql`(${photos.createdAt}, ${photos.id}) > (${after.createdAt}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit + 1);

/** The members of a page, as the console shows them. */
export const queueMembers = (db: Db, ids: number[]) =>
  db
    .select({ id: members.id, name: members.name, site: members.homeSite, gender: members.gender, birthDate: members.birthDate })
    .from(members)
    .where(inList(members.id, ids));

/** How many photos of the company wait (read from the index alone). */
export const pendingCount = async (db: Db, companyId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)` })
      .from(photos)
      .where(and(eq(photos.status, 'pending'), ofCompany(companyId)))
  )[0]?.n ?? 0;

/** The other photos (not removed) of these members, for beside each pending one. */
export const photosOfMembers = (db: Db, memberIds: number[]) =>
  db
    .select()
    .from(photos)
    .where(and(inList(photos.memberId, memberIds), ne(photos.status, 'removed')))
    .orderBy(asc(photos.createdAt));

/** The decision took effect: the photo is now in `status`, decided by this operator at this instant. */
export const decided = (id: string, operatorId: number, at: Date, status: 'active' | 'removed') =>
  sql`EXISTS (SELECT 1 FROM photos WHERE id = ${id} AND status = ${status} AND reviewed_by = ${operatorId} AND reviewed_at = ${at.toISOString()})`;

/** Approves a photo still under inspection (nothing when it was decided meanwhile). */
export const approvePhotoRow = (db: Db, id: string, operatorId: number, at: Date) =>
  db
    .update(photos)
    .set({ status: 'active', reviewedAt: at.toISOString(), reviewedBy: operatorId })
    .where(and(eq(photos.id, id), eq(photos.status, 'pending')))
    .returning({ id: photos.id });

/**
 * Removes a photo (under inspection, or approved before) with its reason: the row stays, marked
 * removed, as the record of the statement of reasons; the main photo hands over.
 */
export const removePhotoRows = (db: Db, photo: Photo, operatorId: number, at: Date, reason: string, note: string | null) =>
  [
    db
      .update(photos)
      .set({
        status: 'removed',
        reviewedAt: at.toISOString(),
        reviewedBy: operatorId,
        removalReason: reason as Photo['removalReason'],
        removalNote: note,
      })
      .where(and(eq(photos.id, photo.id), eq(photos.status, photo.status)))
      .returning({ id: photos.id }),
    // the main photo hands over to the newest remaining one, an approved one first (domain/photos handOverMain), if the removal took effect
    db
      .update(members)
      .set({
        mainPhotoId: sql`(SELECT id FROM photos WHERE member_id = ${photo.memberId} AND status != 'removed' AND id != ${photo.id} ORDER BY status = 'active' DESC, created_at DESC LIMIT 1)`,
      })
      .where(and(eq(members.id, photo.memberId), eq(members.mainPhotoId, photo.id), decided(photo.id, operatorId, at, 'removed'))),
  ] as const;
