import type { BatchItem } from 'drizzle-orm/batch';
import { Hono } from 'hono';
import {
  complaintDecisionInput,
  complaintQueueQuery,
  reportDecisionInput,
  reportQueueQuery,
  type ComplaintDecisionAnswer,
  type ComplaintQueueAnswer,
  type QueueComplaint,
  type QueueItem,
  type ReportDecisionAnswer,
  type ReportQueueAnswer,
} from '../../contracts/reports';
import type { Photo } from '../../domain/photos';
import { LIVE_CLOSE } from '../../contracts/live.values';
import { appealPath, appealToken, complaintOutcomeMail, decisionMail, recipients, reportOutcomeMail } from '../../domain/reports';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { randomKey } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ErrorCode } from '../../contracts/errors';
import { disconnect, publish } from '../../lib/live';
import { validate } from '../../middleware/validate';
import { operatorSession, requireOperator } from './operator.auth';
import { insertAuditIf, isVoidedBatch, removePhotoRows } from './operator.queries';
import {
  clearMessage,
  closeComplaint,
  closeReports,
  complaintDecided,
  complaintOfCompany,
  conversationMemberIds,
  decisionById,
  endHiding,
  endSessions,
  insertDecision,
  memberForDecision,
  messageOfMember,
  openComplaints,
  openObjects,
  openReports,
  openReportsOf,
  QUEUE_COMPLAINTS,
  QUEUE_REPORTS,
  photoOfMember,
  reportsDecided,
  setModeration,
} from './reports.queries';

/** A page of open complaints as the console shows them, and the cursor of the next page (its last complaint, `<created_at>~<id>`; null at the end). */
function complaintPage(rows: Awaited<ReturnType<typeof openComplaints>>, operatorId: number): ComplaintQueueAnswer {
  const page = rows.slice(0, QUEUE_COMPLAINTS);
  const last = rows.length > QUEUE_COMPLAINTS ? page.at(-1)!.complaint : null;
  const complaints: QueueComplaint[] = page.map(({ complaint, member, decision, operatorName }) => ({
    id: complaint.id,
    member: member?.id ? member : null,
    text: complaint.text,
    created_at: complaint.createdAt,
    decision: decision
      ? {
          id: decision.id,
          kind: decision.kind,
          object_id: decision.objectId,
          action: decision.action,
          reason: decision.reason,
          note: decision.note,
          operator: operatorName ?? '',
          own: decision.operatorId === operatorId,
        }
      : null,
  }));
  return { complaints, next: last ? `${last.createdAt}~${last.id}` : null };
}

/** A batch voided by insertAuditIf (someone decided first) is 409 with this code. */
async function decide(code: ErrorCode, batch: () => Promise<unknown>) {
  try {
    await batch();
  } catch (error) {
    if (isVoidedBatch(error)) throw new AppError(code, 409);
    throw error;
  }
}

/**
 * The moderators' queue of reports and complaints (moderator, admin), per company, oldest first.
 * A decision on an object decides all its open reports at once: the decision row (the record of
 * the statement of reasons), the measure, the audit row, the statement to the member and the
 * outcome to each reporting member, in one batch. An appeal is decided by another moderator than
 * the one who made the decision; a reversal lifts a restriction or a ban.
 */
export const operatorReportRoutes = new Hono<OperatorEnv>()
  // mounted beside operatorRoutes, whose session middleware has usually run already
  .use((c, next) => (c.get('operator') === undefined ? operatorSession(c, next) : next()))
  .get('/reports.php', validate('query', reportQueueQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const db = c.get('db');
    // the cursor: the last report of the page before, `<tier>~<created_at>~<id>`
    const cursor = c.req.valid('query').after?.split('~');
    const after = cursor ? { tier: Number(cursor[0]), at: cursor[1]!, id: cursor[2]! } : undefined;
    // not one batch: D1's batch answers rows as objects, and joined tables' equal column names would collide
    const [found, open, objects] = await Promise.all([
      openReports(db, op.companyId, after),
      after ? Promise.resolve([]) : openComplaints(db, op.companyId),
      after ? Promise.resolve(null) : openObjects(db, op.companyId),
    ]);
    const complaints = complaintPage(open, op.id);
    const rows = found.slice(0, QUEUE_REPORTS);
    const last = found.length > QUEUE_REPORTS ? rows.at(-1)!.report : null;
    const items = new Map<string, QueueItem>();
    for (const { report, member, ageReviewed } of rows) {
      const key = `${report.kind}:${report.objectId}`;
      let item = items.get(key);
      if (!item) {
        item = {
          kind: report.kind,
          object_id: report.objectId,
          member,
          content: report.content,
          image: report.kind === 'photo' ? `/api/operator/photo-file.php?id=${report.objectId}&size=display` : null,
          reports: [],
          first_at: report.createdAt,
          urgent_since: null,
          age_reviewed: false,
        };
        items.set(key, item);
      }
      // an under-18 report: first in the queue, flagged, waiting since the first of them
      if (report.tier === 0) {
        item.urgent_since ??= report.createdAt;
        item.age_reviewed ||= !!ageReviewed;
      }
      if (report.createdAt < item.first_at) item.first_at = report.createdAt;
      item.reports.push({
        id: report.id,
        reason: report.reason,
        text: report.text,
        created_at: report.createdAt,
        by_member: report.reporterId !== null,
      });
    }
    return c.json(
      {
        items: [...items.values()],
        complaints: complaints.complaints,
        complaints_next: complaints.next,
        next: last ? `${last.tier}~${last.createdAt}~${last.id}` : null,
        open: objects ? objects.n : null,
        urgent: objects ? objects.urgent : null,
      } satisfies ReportQueueAnswer,
      200,
    );
  })
  .get('/complaints.php', validate('query', complaintQueueQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const cursor = c.req.valid('query').after;
    const at = cursor.indexOf('~');
    const found = await openComplaints(c.get('db'), op.companyId, { at: cursor.slice(0, at), id: cursor.slice(at + 1) });
    return c.json(complaintPage(found, op.id) satisfies ComplaintQueueAnswer, 200);
  })
  .post('/report-decision.php', validate('json', reportDecisionInput), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const input = c.req.valid('json');
    const db = c.get('db');
    const open = await openReportsOf(db, op.companyId, input.kind, input.object_id);
    if (!open.length) throw new AppError('report_decided', 409);
    // removal is for content (a photo, a message's text); a profile is restricted or banned
    if (input.action === 'remove' && input.kind === 'profile') throw new AppError('decision_invalid', 400);
    const member = await memberForDecision(db, op.companyId, open[0]!.memberId);
    if (!member) throw new AppError('not_found_generic', 404);
    const now = clock.now();
    const id = randomKey(12);
    const note = input.note || null;
    const measures: BatchItem<'sqlite'>[] = [];
    let photo: Photo | undefined;
    let imageKeys: string[] = [];
    let removedMessage: { id: number; conversationId: number } | undefined;
    if (input.action === 'remove' && input.kind === 'photo') {
      photo = await photoOfMember(db, input.object_id, member.id);
      if (photo && photo.status !== 'removed')
        measures.push(...removePhotoRows(db, photo, op.id, now, input.reason === 'underage' ? 'minor' : 'other', note));
    } else if (input.action === 'remove' && input.kind === 'message') {
      const message = await messageOfMember(db, Number(input.object_id), member.id);
      if (message) {
        measures.push(clearMessage(db, message.id, now));
        removedMessage = message;
        imageKeys = [message.imageKey, message.imageThumbKey].filter((k): k is string => !!k);
      }
    }
    // a restriction or ban replaces any state; otherwise the review ends an under-18 hiding once none of those reports is left open
    if (input.action === 'restrict') measures.push(setModeration(db, member.id, 'restricted', ['none', 'hidden']));
    else if (input.action === 'ban') measures.push(setModeration(db, member.id, 'banned'), endSessions(db, member.id));
    else measures.push(endHiding(db, member.id));
    const reporterIds = [...new Set(open.map((r) => r.reporterId).filter((r): r is number => r !== null))];
    const reporters = await recipients(db, reporterIds);
    // a banned member cannot log in to /complaints: their statement of reasons carries the signed appeal link
    const banned = input.action === 'ban' ? { id, memberId: member.id, createdAt: now.toISOString() } : null;
    const appeal = banned ? await appealPath(c.env.PASSWORD_PEPPER, banned) : undefined;
    await decide('report_decided', () =>
      db.batch([
        insertDecision(db, {
          id,
          companyId: op.companyId,
          memberId: member.id,
          operatorId: op.id,
          kind: input.kind,
          objectId: input.object_id,
          action: input.action,
          reason: input.reason,
          note,
          at: now,
        }),
        closeReports(db, op.companyId, input.kind, input.object_id, id),
        insertAuditIf(
          db,
          {
            companyId: op.companyId,
            operatorId: op.id,
            action: `report.${input.action}`,
            objectType: input.kind,
            objectId: input.object_id,
            before: { member: member.id, moderation: member.moderation, reports: open.map((r) => r.id) },
            after: { member: member.id, decision: id, action: input.action, reason: input.reason, note },
            at: now,
          },
          reportsDecided(id),
        ),
        ...measures,
        // the statement of reasons to the member when something was done (an action but none); the outcome to each reporting member
        ...(input.action !== 'none' && !member.erasedAt && member.status !== 'deleted'
          ? [decisionMail(db, c.env.ENVIRONMENT, member, { kind: input.kind, action: input.action, reason: input.reason, note }, appeal)]
          : []),
        ...reporters.map((r) => reportOutcomeMail(db, c.env.ENVIRONMENT, r, input.action)),
      ]),
    );
    c.set('mailQueued', true);
    // the ban has committed: the member's open tabs close (and go to /pages/ban, with the appeal link)
    if (banned)
      await disconnect(c.env, member.id, null, {
        code: LIVE_CLOSE.banned,
        reason: `banned ${await appealToken(c.env.PASSWORD_PEPPER, banned)}`,
      });
    // both sides' open chats show the message as removed
    if (removedMessage) {
      const { id: message, conversationId: conversation } = removedMessage;
      const sides = await conversationMemberIds(db, conversation);
      c.executionCtx.waitUntil(
        publish(
          c.env,
          sides.map((s) => [s.id, { type: 'removed', conversation, message }]),
        ),
      );
    }
    // files after the rows (a failure leaves no row pointing at nothing)
    if (photo && photo.status !== 'removed')
      await c.env.PHOTOS.delete(photo.thumbKey && photo.thumbKey !== photo.key ? [photo.key, photo.thumbKey] : [photo.key]);
    if (imageKeys.length) await c.env.PHOTOS.delete(imageKeys);
    return c.json({ decision_id: id, reports: open.length } satisfies ReportDecisionAnswer, 200);
  })
  .post('/complaint-decision.php', validate('json', complaintDecisionInput), async (c) => {
    const op = requireOperator(c, 'admin', 'moderator');
    const input = c.req.valid('json');
    const db = c.get('db');
    const complaint = await complaintOfCompany(db, op.companyId, input.id);
    if (!complaint) throw new AppError('not_found_generic', 404);
    if (complaint.outcome) throw new AppError('complaint_decided', 409);
    const decision = complaint.decisionId ? await decisionById(db, complaint.decisionId) : undefined;
    // an appeal is upheld or reversed, a complaint answered
    if (decision ? input.outcome === 'answered' : input.outcome !== 'answered') throw new AppError('decision_invalid', 400);
    // the DSA's internal complaint handling: not by the moderator who decided
    if (decision && decision.operatorId === op.id) throw new AppError('appeal_same_operator', 403);
    const member = complaint.memberId ? await memberForDecision(db, op.companyId, complaint.memberId) : undefined;
    const now = clock.now();
    const answer = input.answer || null;
    const undo =
      decision && input.outcome === 'reversed' && (decision.action === 'restrict' || decision.action === 'ban')
        ? [setModeration(db, decision.memberId, 'none', [decision.action === 'ban' ? 'banned' : 'restricted'])]
        : [];
    await decide('complaint_decided', () =>
      db.batch([
        closeComplaint(db, complaint.id, input.outcome, answer, op.id, now),
        insertAuditIf(
          db,
          {
            companyId: op.companyId,
            operatorId: op.id,
            action: `complaint.${input.outcome}`,
            objectType: 'complaint',
            objectId: complaint.id,
            before: { decision: decision?.id ?? null, action: decision?.action ?? null },
            after: { outcome: input.outcome, answer },
            at: now,
          },
          complaintDecided(complaint.id, op.id, now),
        ),
        ...(decision
          ? [
              insertDecision(db, {
                id: randomKey(12),
                companyId: op.companyId,
                memberId: decision.memberId,
                operatorId: op.id,
                kind: decision.kind,
                objectId: decision.objectId,
                action: input.outcome as 'upheld' | 'reversed',
                reason: decision.reason,
                note: answer,
                appealOf: decision.id,
                at: now,
              }),
            ]
          : []),
        ...undo,
        ...(member && !member.erasedAt ? [complaintOutcomeMail(db, c.env.ENVIRONMENT, member, input.outcome, answer)] : []),
      ]),
    );
    c.set('mailQueued', true);
    return c.json({ id: complaint.id, outcome: input.outcome } satisfies ComplaintDecisionAnswer, 200);
  });
