import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  appealInput,
  appealQuery,
  complaintInput,
  reportInput,
  type AppealAnswer,
  type AppealFiledAnswer,
  type ComplaintAnswer,
  type ComplaintsAnswer,
  type ReportAnswer,
} from '../../contracts/reports';
import {
  APPEAL_WINDOW_DAYS,
  APPEALABLE,
  mailSite,
  ownComplaint,
  ownDecisions,
  readAppealToken,
  reportReceivedMail,
} from '../../domain/reports';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { randomKey } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { limitRequest } from '../../middleware/client';
import { validate } from '../../middleware/validate';
import { memberOf, requireMember } from '../../middleware/session';
import {
  complaintOf,
  hideMember,
  insertComplaint,
  insertReport,
  openReportBy,
  ownDecision,
  reportedMessage,
  reportedPhoto,
  reportedProfile,
} from './reports.queries';
import { hidesAtOnce, reporterNet } from './reports.underage';

/** An appeal link's decision and member, or the link's 4xx (altered: 400, expired: 410). */
async function appealOf(c: Context<AppEnv>, token: string) {
  const found = await readAppealToken(c.get('db'), c.env.PASSWORD_PEPPER, c.get('tenant').company_id, token, clock.now());
  if (found === 'invalid') throw new AppError('appeal_link_invalid', 400);
  if (found === 'expired') throw new AppError('appeal_link_expired', 410);
  return found;
}

/**
 * Reports (EU DSA notice and action) by members and visitors, and `/complaints`: the member's
 * decisions with their statements of reasons, appeals and general complaints. Moderators decide
 * in the console (features/operator/reports.routes.ts).
 */
export const reportRoutes = new Hono<AppEnv>()
  .post('/report.php', validate('json', reportInput), async (c) => {
    const input = c.req.valid('json');
    const me = await memberOf(c);
    await limitRequest(c, 'report', me?.id ?? null);
    const db = c.get('db');
    const tenant = c.get('tenant');
    const site = { companyId: tenant.company_id, niche: tenant.niche };
    // object-level checks: what the reporter can see (a message only in their own conversation)
    const found =
      input.kind === 'profile'
        ? await reportedProfile(db, site, input.id)
        : input.kind === 'photo'
          ? await reportedPhoto(db, site, input.id)
          : me
            ? await reportedMessage(db, me.id, input.id)
            : null;
    if (input.kind === 'message' && !me) throw new AppError('authentication_required', 403);
    if (!found) throw new AppError('not_found_generic', 404);
    if (me && found.memberId === me.id) throw new AppError('report_self', 400);
    const objectId = String(input.id);
    if (me && (await openReportBy(db, me.id, input.kind, objectId))) throw new AppError('report_exists', 409);
    const now = clock.now();
    const id = randomKey(12);
    const underage = input.reason === 'underage';
    // only under-18 reports need the reporter's network (are two reporters independent?)
    const net = underage ? await reporterNet(c) : null;
    // someone under 18: out of sight at once on a trusted or a second independent report; else first in the queue
    const hide = underage && (await hidesAtOnce(db, found.memberId, me, net, now));
    await db.batch([
      insertReport(db, {
        id,
        companyId: tenant.company_id,
        site: tenant.slug,
        kind: input.kind,
        objectId,
        memberId: found.memberId,
        reporterId: me?.id ?? null,
        reporterNet: net,
        reason: input.reason,
        text: input.text || null,
        content: found.content,
        at: now,
      }),
      ...(hide ? [hideMember(db, found.memberId)] : []),
      ...(me ? [reportReceivedMail(db, c.env.ENVIRONMENT, me)] : []),
    ]);
    if (me) c.set('mailQueued', true);
    return c.json({ ok: true, id } satisfies ReportAnswer, 201);
  })
  .get('/complaints.php', async (c) => {
    const me = await requireMember(c);
    return c.json((await ownDecisions(c.get('db'), me.id)) satisfies ComplaintsAnswer, 200);
  })
  .post('/complaint.php', validate('json', complaintInput), async (c) => {
    const me = await requireMember(c);
    const input = c.req.valid('json');
    await limitRequest(c, 'complaint', me.id);
    const db = c.get('db');
    if (input.decision_id) {
      const decision = await ownDecision(db, me.id, input.decision_id);
      if (!decision) throw new AppError('not_found_generic', 404);
      if (decision.appealOf || !APPEALABLE.includes(decision.action)) throw new AppError('appeal_not_possible', 409);
      if (await complaintOf(db, decision.id)) throw new AppError('appeal_exists', 409);
    }
    let row;
    try {
      [row] = await insertComplaint(db, {
        id: randomKey(12),
        companyId: me.companyId,
        memberId: me.id,
        decisionId: input.decision_id ?? null,
        text: input.text,
        at: clock.now(),
      });
    } catch {
      throw new AppError('appeal_exists', 409); // the same appeal, filed twice at once
    }
    return c.json({ complaint: ownComplaint(row!) } satisfies ComplaintAnswer, 201);
  })
  // A ban's appeal link, logged out: the token names the decision and is the whole authorization.
  .get('/appeal.php', validate('query', appealQuery), async (c) => {
    const { decision: d, member } = await appealOf(c, c.req.valid('query').token);
    const appeal = await complaintOf(c.get('db'), d.id);
    const site = mailSite(member);
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        decision: {
          id: d.id,
          kind: d.kind,
          action: d.action,
          reason: d.reason,
          note: d.note,
          created_at: d.createdAt,
          appeal_of: d.appealOf,
          appealable: !d.appealOf && APPEALABLE.includes(d.action) && !appeal,
        },
        appeal: appeal ? ownComplaint(appeal) : null,
        language: site.locale,
        site_name: site.siteName,
        expires_at: new Date(Date.parse(d.createdAt) + APPEAL_WINDOW_DAYS * 86400_000).toISOString(),
      } satisfies AppealAnswer,
      200,
    );
  })
  .post('/appeal.php', validate('json', appealInput), async (c) => {
    const input = c.req.valid('json');
    const { decision, member } = await appealOf(c, input.token);
    await limitRequest(c, 'complaint', member.id);
    const db = c.get('db');
    if (decision.appealOf || !APPEALABLE.includes(decision.action)) throw new AppError('appeal_not_possible', 409);
    if (await complaintOf(db, decision.id)) throw new AppError('appeal_exists', 409);
    let row;
    try {
      [row] = await insertComplaint(db, {
        id: randomKey(12),
        companyId: decision.companyId,
        memberId: member.id,
        decisionId: decision.id,
        text: input.text,
        at: clock.now(),
      });
    } catch {
      throw new AppError('appeal_exists', 409); // filed twice at once: the unique index on the decision
    }
    return c.json({ complaint: ownComplaint(row!) } satisfies AppealFiledAnswer, 201);
  });
