/**
 * Reports, decisions and complaints (EU DSA notice and action): their plain values, zod-free, so
 * the web and the console import them; contracts/reports.ts uses them.
 */

/** Reports (EU DSA notice and action): what can be reported, and why. */
export const REPORT_KINDS = ['profile', 'photo', 'message'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['illegal', 'harassment', 'spam', 'fake', 'underage', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A moderator's decision on reports (`none`, `remove` the content, `restrict`, `ban`), or on an appeal (`upheld`, `reversed`). */
export const DECISION_ACTIONS = ['none', 'remove', 'restrict', 'ban', 'upheld', 'reversed'] as const;
export type DecisionAction = (typeof DECISION_ACTIONS)[number];

/** A member's moderation state: `hidden` (an under-18 report waiting), `restricted`, `banned`. */
export const MODERATION_STATES = ['none', 'hidden', 'restricted', 'banned'] as const;
export const REPORT_TEXT_MAX = 1000;
export const COMPLAINT_TEXT_MAX = 2000;
