import * as z from 'zod';
import type { Ok } from './common';
import {
  COMPLAINT_TEXT_MAX,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type DecisionAction,
  type ReportKind,
  type ReportReason,
} from './reports.values';

/**
 * Reports (EU DSA notice and action), decisions with their statements of reasons, and
 * `/complaints` (appeals and general complaints). The console's side is at the end.
 */

const memberId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reportFields = { reason: z.enum(REPORT_REASONS), text: z.string().trim().max(REPORT_TEXT_MAX).optional() };

/** POST /api/report.php: members and visitors (a message only by a member of its conversation). */
export const reportInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('profile'), id: memberId, ...reportFields }).strict(),
  z.object({ kind: z.literal('photo'), id: z.string().regex(/^[0-9a-f-]{36}$/), ...reportFields }).strict(),
  z.object({ kind: z.literal('message'), id: memberId, ...reportFields }).strict(),
]);
export type ReportInput = z.infer<typeof reportInput>;
/** The report is received; a logged-in reporter also gets a confirmation mail. */
export type ReportAnswer = Ok & { id: string };

/** A decision about the member, as they are told (the statement of reasons; `/complaints` lists them). */
export type OwnDecision = {
  id: string;
  kind: ReportKind;
  action: DecisionAction;
  reason: ReportReason;
  note: string | null;
  created_at: string;
  /** an appeal's decision names the decision it was about */
  appeal_of: string | null;
  /** no appeal filed yet (and the decision is no appeal's outcome, and it did something) */
  appealable: boolean;
};
/** A complaint or appeal the member filed, and its outcome once decided. */
export type OwnComplaint = {
  id: string;
  decision_id: string | null;
  text: string;
  created_at: string;
  outcome: 'upheld' | 'reversed' | 'answered' | null;
  answer: string | null;
};
/** GET /api/complaints.php: the member's decisions (newest first) and complaints. */
export type ComplaintsAnswer = { decisions: OwnDecision[]; complaints: OwnComplaint[] };

/** POST /api/complaint.php: an appeal of one of the member's decisions, or (without `decision_id`) a general complaint. */
export const complaintInput = z
  .object({
    decision_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,32}$/)
      .optional(),
    text: z.string().trim().min(1).max(COMPLAINT_TEXT_MAX),
  })
  .strict();
export type ComplaintInput = z.infer<typeof complaintInput>;
export type ComplaintAnswer = { complaint: OwnComplaint };

/**
 * The appeal link of a ban's statement of reasons (`/appeal/<token>`, logged out: the signed token
 * is the authorization). GET /api/appeal.php?token= answers that decision and its appeal;
 * POST /api/appeal.php {token, text} files the appeal (once). A malformed or altered token is
 * 400 appeal_link_invalid, an expired one 410 appeal_link_expired.
 */
const appealTokenField = z.string().max(100);
export const appealQuery = z.object({ token: appealTokenField });
export const appealInput = z.object({ token: appealTokenField, text: z.string().trim().min(1).max(COMPLAINT_TEXT_MAX) }).strict();
export type AppealInput = z.infer<typeof appealInput>;
/** `language`: the member's, so the page can speak it; `appeal`: the appeal once filed, with its outcome. */
export type AppealAnswer = { decision: OwnDecision; appeal: OwnComplaint | null; language: string; site_name: string; expires_at: string };
export type AppealFiledAnswer = { complaint: OwnComplaint };

// ---- the console ----

/** A report in the queue: the reporter is only "member" or "visitor". */
export type QueueReport = { id: string; reason: ReportReason; text: string | null; created_at: string; by_member: boolean };
/** The reported object with its open reports (grouped per object, oldest report first). */
export type QueueItem = {
  kind: ReportKind;
  object_id: string;
  member: { id: number; name: string; site: string; moderation: string };
  /** the message text or the profile text as reported; a photo's image through photo-file.php */
  content: string | null;
  image: string | null;
  reports: QueueReport[];
  first_at: string;
  /** the first open under-18 report's time: such an object leads the queue, flagged, its waiting time shown (null without one) */
  urgent_since: string | null;
  /** a moderator has decided on this member's age before, so under-18 reports no longer hide them at once */
  age_reviewed: boolean;
};
/** An open appeal or complaint in the queue; `decision` is the one appealed. `own` says this operator made that decision (they may not decide the appeal). */
export type QueueComplaint = {
  id: string;
  member: { id: number; name: string; site: string } | null;
  text: string;
  created_at: string;
  decision: {
    id: string;
    kind: ReportKind;
    object_id: string;
    action: DecisionAction;
    reason: ReportReason;
    note: string | null;
    operator: string;
    own: boolean;
  } | null;
};
/**
 * GET /api/operator/reports.php?after= (moderator, admin): a page of the company's open reports
 * (300 at most, grouped per object, under-18 reports first, then oldest first) and, on the first
 * page, the open complaints and how many objects have open reports (`urgent`: under-18 ones).
 * `next` is the cursor of the following page (null at the end); an object whose reports span two
 * pages comes in both, and the console merges them.
 */
export const reportQueueQuery = z.object({
  after: z
    .string()
    .regex(/^[01]~\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z~[A-Za-z0-9_-]{1,32}$/)
    .optional(),
});
export type ReportQueueAnswer = {
  items: QueueItem[];
  complaints: QueueComplaint[];
  next: string | null;
  /** objects with open reports, on the first page (null after) */
  open: number | null;
  /** of those, objects with an open under-18 report, on the first page (null after) */
  urgent: number | null;
  /** the cursor of the complaints' second page (complaints.php), on the first page; null at the end and after */
  complaints_next: string | null;
};

/** GET /api/operator/complaints.php?after= (moderator, admin): the next page of open complaints (50 at most, oldest first). */
export const complaintQueueQuery = z.object({
  after: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z~[A-Za-z0-9_-]{16,32}$/),
});
export type ComplaintQueueAnswer = { complaints: QueueComplaint[]; next: string | null };

/** POST /api/operator/report-decision.php: decides every open report of one object. `remove` only for a photo or a message. */
export const reportDecisionInput = z
  .object({
    kind: z.enum(['profile', 'photo', 'message']),
    object_id: z.string().min(1).max(64),
    action: z.enum(['none', 'remove', 'restrict', 'ban']),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type ReportDecisionInput = z.infer<typeof reportDecisionInput>;
export type ReportDecisionAnswer = { decision_id: string; reports: number };

/** POST /api/operator/complaint-decision.php: an appeal upheld or reversed (by another moderator), or a complaint answered. */
export const complaintDecisionInput = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/),
    outcome: z.enum(['upheld', 'reversed', 'answered']),
    answer: z.string().trim().max(1000).optional(),
  })
  .strict();
export type ComplaintDecisionInput = z.infer<typeof complaintDecisionInput>;
export type ComplaintDecisionAnswer = { id: string; outcome: 'upheld' | 'reversed' | 'answered' };
