import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DecisionAction, ReportKind, ReportReason } from '../../contracts/reports.values';
import { complaints, conversationMembers, decisions, members, messages, operators, photos, reports, sessions } from '../../db/schema';
import type { Db } from '../../lib/db';

/** Reports per queue page at most (grouped per object, so a page shows fewer objects). */
export const QUEUE_REPORTS = 300;
export const QUEUE_COMPLAINTS = 50;

/**
 * A page of the company's open reports, under-18 reports first, then oldest first, with the
 * reported member: keyset paging on (tier, created_at, id) after the cursor (the index
 * `reports_open`), one more row than a page to tell whether another follows. An under-18 report
 * says whether a moderator has decided on the member's age before (it then did not hide them).
 */
export const openReports = (db: Db, companyId: number, after?: { tier: number; at: string; id: string }) =>
  db
    .select({
      report: reports,
      member: { id: members.id, name: members.name, site: members.homeSite, moderation: members.moderation },
      ageReviewed: sql<number>`CASE WHEN ${reports.tier} = 0 THEN EXISTS (SELECT 1 FROM reports r WHERE r.member_id = ${reports.memberId} AND r.reason = 'underage' AND r.decision_id IS NOT NULL) ELSE 0 END`,
    })
    .from(reports)
    .innerJoin(members, eq(members.id, reports.memberId))
    .where(
      and(
        eq(reports.companyId, companyId),
        isNull(reports.decisionId),
        after ? sql`(${reports.tier}, ${reports.createdAt}, ${reports.id}) > (${after.tier}, ${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(reports.tier), asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_REPORTS + 1);

/** How many objects (profiles, photos, messages) have open reports, and how many of them under-18 ones: the queue's counters. */
export const openObjects = (db: Db, companyId: number) =>
  db.get<{ n: number; urgent: number }>(
    sql`SELECT count(*) AS n, coalesce(sum(urgent), 0) AS urgent FROM (SELECT min(tier) = 0 AS urgent FROM reports WHERE company_id = ${companyId} AND decision_id IS NULL GROUP BY kind, object_id)`,
  );

/**
 * A page of the company's open complaints, oldest first, with the decision appealed and who made
 * it: keyset paging on (created_at, id) after the cursor (the index `complaints_open`), one more
 * row than a page to tell whether another follows.
 */
export const openComplaints = (db: Db, companyId: number, after?: { at: string; id: string }) =>
  db
    .select({
      complaint: complaints,
      member: { id: members.id, name: members.name, site: members.homeSite },
      decision: decisions,
      operatorName: operators.name,
    })
    .from(complaints)
    .leftJoin(members, eq(members.id, complaints.memberId))
    .leftJoin(decisions, eq(decisions.id, complaints.decisionId))
    .leftJoin(operators, eq(operators.id, decisions.operatorId))
    .where(
      and(
        eq(complaints.companyId, companyId),
        isNull(complaints.outcome),
        after ? sql`(${complaints.createdAt}, ${complaints.id}) > (${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(complaints.createdAt), asc(complaints.id))
    .limit(QUEUE_COMPLAINTS + 1);

/** The open reports of one object of this company. */
export const openReportsOf = (db: Db, companyId: number, kind: ReportKind, objectId: string) =>
  db
    .select()
    .from(reports)
    .where(and(eq(reports.companyId, companyId), eq(reports.kind, kind), eq(reports.objectId, objectId), isNull(reports.decisionId)));

export const memberForDecision = (db: Db, companyId: number, id: number) =>
  db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, companyId)) });

export const insertDecision = (
  db: Db,
  d: {
    id: string;
    companyId: number;
    memberId: number;
    operatorId: number;
    kind: ReportKind;
    objectId: string;
    action: DecisionAction;
    reason: ReportReason;
    note: string | null;
    appealOf?: string;
    at: Date;
  },
) =>
  db.insert(decisions).values({
    id: d.id,
    companyId: d.companyId,
    memberId: d.memberId,
    operatorId: d.operatorId,
    kind: d.kind,
    objectId: d.objectId,
    action: d.action,
    reason: d.reason,
    note: d.note,
    appealOf: d.appealOf ?? null,
    createdAt: d.at.toISOString(),
  });

/** Marks the object's still-open reports as decided by this decision (a report decided meanwhile stays with its own); the reporters' networks go. */
export const closeReports = (db: Db, companyId: number, kind: ReportKind, objectId: string, decisionId: string) =>
  db
    .update(reports)
    .set({ decisionId, reporterNet: null })
    .where(and(eq(reports.companyId, companyId), eq(reports.kind, kind), eq(reports.objectId, objectId), isNull(reports.decisionId)));

/** The decision took effect: some report carries it (insertAuditIf's condition). */
export const reportsDecided = (decisionId: string) => sql`EXISTS (SELECT 1 FROM reports WHERE decision_id = ${decisionId})`;

/** The member's moderation state; `from` limits it to members in one of those states. */
export const setModeration = (
  db: Db,
  memberId: number,
  to: 'none' | 'restricted' | 'banned' | 'hidden',
  from?: ('none' | 'restricted' | 'banned' | 'hidden')[],
) =>
  db
    .update(members)
    .set({ moderation: to })
    // eslint-disable-next-line no-restricted-syntax -- bounded: the moderation states
    .where(and(eq(members.id, memberId), from ? inArray(members.moderation, from) : undefined));

/**
 * The review ends an under-18 hiding, once no under-18 report about the member is left open
 * (run after closeReports in the decision's batch: a decision on another of their objects leaves
 * them hidden).
 */
export const endHiding = (db: Db, memberId: number) =>
  db
    .update(members)
    .set({ moderation: 'none' })
    .where(
      and(
        eq(members.id, memberId),
        eq(members.moderation, 'hidden'),
        sql`NOT EXISTS (SELECT 1 FROM reports WHERE member_id = ${memberId} AND reason = 'underage' AND decision_id IS NULL)`,
      ),
    );

export const endSessions = (db: Db, memberId: number) => db.delete(sessions).where(eq(sessions.memberId, memberId));

/** A message's content removed: text and image gone, the row stays (the conversation keeps its order) and says it was removed. */
export const messageOfMember = (db: Db, id: number, memberId: number) =>
  db.query.messages.findFirst({ where: and(eq(messages.id, id), eq(messages.senderId, memberId)) });
export const clearMessage = (db: Db, id: number, at: Date) =>
  db
    .update(messages)
    .set({ text: '', gift: null, imageKey: null, imageThumbKey: null, removedAt: at.toISOString() })
    .where(eq(messages.id, id));

/** The members of a conversation (a removed message is shown as removed on both sides). */
export const conversationMemberIds = (db: Db, conversationId: number) =>
  db.select({ id: conversationMembers.memberId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));

export const photoOfMember = (db: Db, id: string, memberId: number) =>
  db.query.photos.findFirst({ where: and(eq(photos.id, id), eq(photos.memberId, memberId)) });

export const complaintOfCompany = (db: Db, companyId: number, id: string) =>
  db.query.complaints.findFirst({ where: and(eq(complaints.id, id), eq(complaints.companyId, companyId)) });
export const decisionById = (db: Db, id: string) => db.query.decisions.findFirst({ where: eq(decisions.id, id) });

/** Decides an open complaint (nothing when it was decided meanwhile). */
export const closeComplaint = (
  db: Db,
  id: string,
  outcome: 'upheld' | 'reversed' | 'answered',
  answer: string | null,
  operatorId: number,
  at: Date,
) =>
  db
    .update(complaints)
    .set({ outcome, answer, operatorId, decidedAt: at.toISOString() })
    .where(and(eq(complaints.id, id), isNull(complaints.outcome)));
export const complaintDecided = (id: string, operatorId: number, at: Date) =>
  sql`EXISTS (SELECT 1 FROM complaints WHERE id = ${id} AND operator_id = ${operatorId} AND decided_at = ${at.toISOString()})`;
