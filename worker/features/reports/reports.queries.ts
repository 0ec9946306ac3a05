import { and, count, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { ReportKind, ReportReason } from '../../contracts/reports.values';
import { complaints, conversationMembers, decisions, members, messages, photos, reports } from '../../db/schema';
import type { Db } from '../../lib/db';

/** The member a report of a profile or photo is about: this company and niche, active, not banned. */
const reportable = (companyId: number, niche: number) =>
  and(
    eq(members.companyId, companyId),
    eq(members.niche, niche),
    eq(members.status, 'active'),
    isNull(members.erasedAt),
    ne(members.moderation, 'banned'),
  );

export async function reportedProfile(db: Db, site: { companyId: number; niche: number }, id: number) {
  const [row] = await db
    .select({ id: members.id, name: members.name, about: members.aboutMe })
    .from(members)
    .where(and(eq(members.id, id), reportable(site.companyId, site.niche)))
    .limit(1);
  return row ? { memberId: row.id, content: [row.name, row.about].filter(Boolean).join('\n') } : null;
}

/** An approved photo (others see only those) of a reportable member. */
export async function reportedPhoto(db: Db, site: { companyId: number; niche: number }, id: string) {
  const [row] = await db
    .select({ memberId: photos.memberId })
    .from(photos)
    .innerJoin(members, eq(members.id, photos.memberId))
    .where(and(eq(photos.id, id), eq(photos.status, 'active'), reportable(site.companyId, site.niche)))
    .limit(1);
  return row ? { memberId: row.memberId, content: null } : null;
}

/** A message the reporter received: in one of their conversations, sent by the other member, not deleted on their side. */
export async function reportedMessage(db: Db, reporterId: number, id: number) {
  const [row] = await db
    .select({ senderId: messages.senderId, text: messages.text, gift: messages.gift, image: messages.imageKey })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.memberId, reporterId)),
    )
    .where(and(eq(messages.id, id), ne(messages.senderId, reporterId), sql`${messages.id} > ${conversationMembers.deletedUpTo}`))
    .limit(1);
  return row ? { memberId: row.senderId, content: row.text ?? (row.gift ? `[gift ${row.gift}]` : row.image ? '[image]' : null) } : null;
}

/** An open report of this object by this member already (a repeat is refused). */
export const openReportBy = (db: Db, reporterId: number, kind: ReportKind, objectId: string) =>
  db.query.reports.findFirst({
    where: and(eq(reports.reporterId, reporterId), eq(reports.kind, kind), eq(reports.objectId, objectId), isNull(reports.decisionId)),
  });

export const insertReport = (
  db: Db,
  r: {
    id: string;
    companyId: number;
    site: string;
    kind: ReportKind;
    objectId: string;
    memberId: number;
    reporterId: number | null;
    reporterNet: string | null;
    reason: ReportReason;
    text: string | null;
    content: string | null;
    at: Date;
  },
) =>
  db.insert(reports).values({
    id: r.id,
    companyId: r.companyId,
    site: r.site,
    kind: r.kind,
    objectId: r.objectId,
    memberId: r.memberId,
    reporterId: r.reporterId,
    reporterNet: r.reporterNet,
    reason: r.reason,
    tier: r.reason === 'underage' ? 0 : 1,
    text: r.text,
    content: r.content,
    createdAt: r.at.toISOString(),
  });

/** A moderator has decided an under-18 report about this member (cleared, or acted): later ones only queue. */
export const ageReviewed = async (db: Db, memberId: number) =>
  !!(await db.query.reports.findFirst({
    columns: { id: true },
    where: and(eq(reports.memberId, memberId), eq(reports.reason, 'underage'), isNotNull(reports.decisionId)),
  }));

/** The open under-18 reports about this member, by whom (member, network). */
export const openUnderageReports = (db: Db, memberId: number) =>
  db
    .select({ reporterId: reports.reporterId, reporterNet: reports.reporterNet })
    .from(reports)
    .where(and(eq(reports.memberId, memberId), eq(reports.reason, 'underage'), isNull(reports.decisionId)));

/** How many under-18 reports this member filed in the last 24 hours. */
export const underageReportsBy = async (db: Db, reporterId: number, now: Date) =>
  (
    await db
      .select({ n: count() })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.reason, 'underage'),
          gt(reports.createdAt, new Date(now.getTime() - 86_400_000).toISOString()),
        ),
      )
  )[0]?.n ?? 0;

/** An under-18 report hides the profile at once, until a moderator decides (a restricted or banned one stays as it is). */
export const hideMember = (db: Db, memberId: number) =>
  db
    .update(members)
    .set({ moderation: 'hidden' })
    .where(and(eq(members.id, memberId), eq(members.moderation, 'none')));

/** One of the member's decisions. */
export const ownDecision = (db: Db, memberId: number, id: string) =>
  db.query.decisions.findFirst({ where: and(eq(decisions.id, id), eq(decisions.memberId, memberId)) });
export const complaintOf = (db: Db, decisionId: string) => db.query.complaints.findFirst({ where: eq(complaints.decisionId, decisionId) });

export const insertComplaint = (
  db: Db,
  c: { id: string; companyId: number; memberId: number; decisionId: string | null; text: string; at: Date },
) =>
  db
    .insert(complaints)
    .values({
      id: c.id,
      companyId: c.companyId,
      memberId: c.memberId,
      decisionId: c.decisionId,
      text: c.text,
      createdAt: c.at.toISOString(),
    })
    .returning();

/** Erasure: the member's reports stay (the notice is the record) without their reporter; reports about them lose the quoted content. */
export const eraseReports = (db: Db, memberId: number) => [
  db.update(reports).set({ reporterId: null, reporterNet: null }).where(eq(reports.reporterId, memberId)),
  db
    .update(reports)
    .set({ content: null })
    .where(and(eq(reports.memberId, memberId), isNotNull(reports.content))),
];
