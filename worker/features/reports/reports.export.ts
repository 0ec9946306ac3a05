import { eq } from 'drizzle-orm';
import { complaints, decisions, reports } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

/**
 * The member's reports (what they reported, why, and whether it was decided), the decisions about
 * their content or account (action, ground, the moderator's note, appeals), and their complaints
 * with the answers. Never who reported them, nor which moderator decided.
 */
export async function exportReports({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [filed, about, complained] = await Promise.all([
    db
      .select({
        id: reports.id,
        site: reports.site,
        kind: reports.kind,
        object_id: reports.objectId,
        reason: reports.reason,
        text: reports.text,
        created_at: reports.createdAt,
        decided: reports.decisionId,
      })
      .from(reports)
      .where(eq(reports.reporterId, memberId)),
    db
      .select({
        id: decisions.id,
        kind: decisions.kind,
        object_id: decisions.objectId,
        action: decisions.action,
        reason: decisions.reason,
        note: decisions.note,
        appeal_of: decisions.appealOf,
        created_at: decisions.createdAt,
      })
      .from(decisions)
      .where(eq(decisions.memberId, memberId)),
    db
      .select({
        id: complaints.id,
        decision: complaints.decisionId,
        text: complaints.text,
        created_at: complaints.createdAt,
        outcome: complaints.outcome,
        answer: complaints.answer,
        decided_at: complaints.decidedAt,
      })
      .from(complaints)
      .where(eq(complaints.memberId, memberId)),
  ]);
  return [
    { path: 'reports/filed.json', json: filed.map(({ decided, ...r }) => ({ ...r, decided: decided !== null })) },
    { path: 'reports/decisions-about-me.json', json: about },
    { path: 'reports/complaints.json', json: complained },
  ];
}
