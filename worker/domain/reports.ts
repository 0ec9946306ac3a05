import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DecisionAction, ReportKind, ReportReason } from '../contracts/reports.values';
import type { OwnComplaint, OwnDecision, ReportDecisionInput } from '../contracts/reports';
import { complaints, decisions, members } from '../db/schema';
import { DEFAULT_THEME, type Locale } from '../../tenants/schema';
import { inList, type Db } from '../lib/db';
import { hmacHex, sameSecret } from '../lib/crypto';
import { mailText, queueMail, renderMail } from '../lib/mail';
import { siteOrigin, tenantBySlug } from '../lib/tenants';

/** What a moderator decides on reports (report-decision.php). */
type ReportAction = ReportDecisionInput['action'];

/**
 * Reports, decisions and complaints as the member side and the console share them: the mails
 * (confirmation, statement of reasons, outcomes), each in the member's language and branded with
 * their home site, and the member's own decisions and complaints.
 */

type Recipient = { id: number; name: string; email: string; language: string; homeSite: string };

/** The member's language on their home site (else the site's default), the site's name, first domain and theme (its mails' brand), and the origin its links use (lib/tenants siteOrigin). */
export function mailSite(member: Pick<Recipient, 'language' | 'homeSite'>, environment?: string) {
  const site = tenantBySlug(member.homeSite);
  const locale =
    site && (site.locales as string[]).includes(member.language) ? (member.language as Locale) : ((site?.default_locale ?? 'nl') as Locale);
  const domain = site?.domains[0]?.host ?? '';
  return {
    locale,
    domain,
    siteName: site?.name ?? '',
    theme: site?.theme ?? DEFAULT_THEME,
    origin: site ? siteOrigin(site, environment) : '',
  };
}

async function mail(
  db: Db,
  environment: string,
  to: Recipient,
  kind: 'report_received' | 'decision' | 'report_outcome' | 'complaint_outcome',
  path: string,
  extra: (l: Locale, complaints: string) => string[],
) {
  const { locale, domain, siteName, theme, origin } = mailSite(to, environment);
  const rendered = await renderMail(
    locale,
    kind,
    { name: to.name, site_name: siteName, domain, theme, link: `${origin}${path}` },
    extra(locale, `${origin}/complaints`),
  );
  // in a list: a drizzle statement is thenable, and an async function would run it instead of handing it to the batch
  return [queueMail(db, { memberId: to.id, site: to.homeSite, to: to.email, kind, ...rendered })] as const;
}

/** The confirmation to a logged-in reporter. */
export const reportReceivedMail = (db: Db, environment: string, to: Recipient) =>
  mail(db, environment, to, 'report_received', '/', () => []);

/**
 * The statement of reasons (EU DSA art. 17): the facts (what was reported and the measure), the
 * ground, the moderator's note, that a person decided, and how to appeal via /complaints.
 */
export const decisionMail = (
  db: Db,
  environment: string,
  to: Recipient,
  d: { kind: ReportKind; action: Exclude<ReportAction, 'none'>; reason: ReportReason; note: string | null },
  appealPath?: string,
) =>
  mail(db, environment, to, 'decision', appealPath ?? '/complaints', (l, link) => [
    mailText(l, `decision.facts.${d.kind}`),
    // a profile is never removed (report-decision refuses it: decision_invalid)
    mailText(l, `decision.actions.${d.action === 'remove' ? (`remove_${d.kind as Exclude<ReportKind, 'profile'>}` as const) : d.action}`),
    mailText(l, 'decision.ground', { ground: mailText(l, `decision.reasons.${d.reason}`) }),
    ...(d.note ? [mailText(l, 'decision.note', { note: d.note })] : []),
    mailText(l, 'decision.human'),
    // a banned member cannot log in: their way to appeal is the signed link, which works logged out
    mailText(l, 'decision.appeal', { complaints: appealPath ? `${mailSite(to, environment).origin}${appealPath}` : link }),
  ]);

/** The reporter is told the outcome (never who was affected beyond what they reported). */
export const reportOutcomeMail = (db: Db, environment: string, to: Recipient, action: ReportAction) =>
  mail(db, environment, to, 'report_outcome', '/', (l, link) => [
    mailText(l, `report_outcome.actions.${action}`),
    mailText(l, 'report_outcome.complaints', { complaints: link }),
  ]);

/** An appeal's or complaint's outcome. */
export const complaintOutcomeMail = (
  db: Db,
  environment: string,
  to: Recipient,
  outcome: 'upheld' | 'reversed' | 'answered',
  answer: string | null,
) =>
  mail(db, environment, to, 'complaint_outcome', '/complaints', (l) => [
    mailText(l, `complaint_outcome.${outcome}`),
    ...(answer ? [mailText(l, 'complaint_outcome.answer', { answer })] : []),
  ]);

/** Decisions that did something to the member (not `none`) can be appealed once. */
export const APPEALABLE: readonly DecisionAction[] = ['remove', 'restrict', 'ban'];

/** The member's decisions (newest first) and complaints, for /complaints and the profile screen. */
export async function ownDecisions(db: Db, memberId: number): Promise<{ decisions: OwnDecision[]; complaints: OwnComplaint[] }> {
  const [ds, cs] = await db.batch([
    db
      .select()
      .from(decisions)
      .where(and(eq(decisions.memberId, memberId), sql`${decisions.action} != 'none'`))
      .orderBy(desc(decisions.createdAt))
      .limit(50),
    db.select().from(complaints).where(eq(complaints.memberId, memberId)).orderBy(desc(complaints.createdAt)).limit(50),
  ]);
  const appealed = new Set(cs.map((c) => c.decisionId).filter(Boolean));
  return {
    decisions: ds.map((d) => ({
      id: d.id,
      kind: d.kind,
      action: d.action,
      reason: d.reason,
      note: d.note,
      created_at: d.createdAt,
      appeal_of: d.appealOf,
      appealable: !d.appealOf && APPEALABLE.includes(d.action) && !appealed.has(d.id),
    })),
    complaints: cs.map(ownComplaint),
  };
}

export const ownComplaint = (c: typeof complaints.$inferSelect): OwnComplaint => ({
  id: c.id,
  decision_id: c.decisionId,
  text: c.text,
  created_at: c.createdAt,
  outcome: c.outcome,
  answer: c.answer,
});

/** Erasure: decisions about the member keep no identifying text; complaints lose their text. */
export const eraseDecisionTexts = (db: Db, memberId: number) => [
  db.update(decisions).set({ note: null, objectId: '' }).where(eq(decisions.memberId, memberId)),
  db.update(complaints).set({ text: '', answer: null, memberId: null }).where(eq(complaints.memberId, memberId)),
];

/** The recipients of mails by member id (not erased). */
export const recipients = (db: Db, ids: number[]) =>
  ids.length
    ? db
        .select({ id: members.id, name: members.name, email: members.email, language: members.language, homeSite: members.homeSite })
        .from(members)
        .where(and(inList(members.id, ids), isNull(members.erasedAt)))
    : Promise.resolve([]);

/**
 * A ban's appeal link (EU DSA art. 20: the complaint system must be open to the banned member,
 * who can no longer log in): `/appeal/<decision>.<expires>.<signature>`. The signature is
 * HMAC-SHA-256 of `appeal:<decision>:<member>:<expires>` keyed with the pepper secret under its
 * own label, 128 bits, compared in constant time; no stored token. It names one decision (and so
 * one member), works until six months after the decision (the DSA's window), reads only that
 * decision's statement and its appeal, and files that appeal once.
 */
export const APPEAL_WINDOW_DAYS = 183;
const appealSignature = async (secret: string, decisionId: string, memberId: number, expires: number) =>
  (await hmacHex(secret, `appeal:${decisionId}:${memberId}:${expires}`)).slice(0, 32);
const appealExpiry = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + APPEAL_WINDOW_DAYS * 86400;

/** The token of a decision's appeal link (the same for the mail, the refused login and the closed socket). */
export async function appealToken(secret: string, d: { id: string; memberId: number; createdAt: string }) {
  const expires = appealExpiry(d.createdAt);
  return `${d.id}.${expires}.${await appealSignature(secret, d.id, d.memberId, expires)}`;
}
export const appealPath = async (secret: string, d: { id: string; memberId: number; createdAt: string }) =>
  `/appeal/${await appealToken(secret, d)}`;

/**
 * The decision an appeal token names, checked: `invalid` for a malformed, altered or foreign
 * token (its decision unknown, of another company, or its member erased), `expired` after the
 * window (checked after the signature, so an altered date is invalid, never expired).
 */
export async function readAppealToken(db: Db, secret: string, companyId: number, token: string, now: Date) {
  const m = /^([A-Za-z0-9_-]{16,32})\.(\d{9,11})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return 'invalid' as const;
  const [, id, exp, signature] = m as unknown as [string, string, string, string];
  const expires = Number(exp);
  const [decision] = await db
    .select()
    .from(decisions)
    .where(and(eq(decisions.id, id), eq(decisions.companyId, companyId)))
    .limit(1);
  if (!decision || !(await sameSecret(signature, await appealSignature(secret, decision.id, decision.memberId, expires))))
    return 'invalid' as const;
  if (expires !== appealExpiry(decision.createdAt)) return 'invalid' as const;
  const member = await db.query.members.findFirst({ where: and(eq(members.id, decision.memberId), isNull(members.erasedAt)) });
  if (!member) return 'invalid' as const;
  if (now.getTime() > expires * 1000) return 'expired' as const;
  return { decision, member };
}

/** The token for the member's latest ban, while its appeal window is open (a refused login shows /pages/ban with it); null otherwise. */
export async function banAppealToken(db: Db, secret: string, memberId: number, now: Date) {
  const [ban] = await db
    .select({ id: decisions.id, memberId: decisions.memberId, createdAt: decisions.createdAt })
    .from(decisions)
    .where(and(eq(decisions.memberId, memberId), eq(decisions.action, 'ban'), isNull(decisions.appealOf)))
    .orderBy(desc(decisions.createdAt))
    .limit(1);
  if (!ban || now.getTime() > appealExpiry(ban.createdAt) * 1000) return null;
  return appealToken(secret, ban);
}
