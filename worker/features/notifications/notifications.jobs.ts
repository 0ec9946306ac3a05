import { wantedGender } from '../../contracts/niches';
import { ageOn } from '../../domain/members';
import { mailableRaw, noticeStatement, UNREAD_REMINDER_AFTER_MS, wantsRaw, type Recipient } from '../../domain/notifications';
import type { Bindings } from '../../env';
import type { JobContext } from '../../lib/feature';
import { siteSettings, tenantBySlug } from '../../lib/tenants';
import type { Gender, Sexuality } from '../../contracts/profiles';

/** D1 statements per batch in the jobs: large enough to be few round trips, small enough to stay far from any limit. */
const BATCH = 200;

async function runBatches(env: Bindings, statements: D1PreparedStatement[]) {
  let changed = 0;
  for (let i = 0; i < statements.length; i += BATCH) {
    const results = await env.DB.batch(statements.slice(i, i + BATCH));
    changed += results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  }
  return changed;
}

/**
 * The unread-message reminder (every 5 minutes): a member with a message unread for 24 hours
 * gets one mail, and again only for a message that arrived after the newest one a reminder
 * covered. Messages unread between 24 and 48 hours old are looked at (the partial index
 * messages_unread_created), 500 members a run. Answers how many mails were queued.
 */
export async function sendUnreadReminders({ env, now }: JobContext, limit = 500) {
  const cutoff = new Date(now.getTime() - UNREAD_REMINDER_AFTER_MS).toISOString();
  const since = new Date(now.getTime() - 2 * UNREAD_REMINDER_AFTER_MS).toISOString();
  const { results } = await env.DB.prepare(
    `WITH due AS (
       SELECT cm.member_id AS id, max(msg.created_at) AS newest
       FROM messages msg INDEXED BY messages_unread_created
       JOIN conversation_members cm ON cm.conversation_id = msg.conversation_id AND cm.member_id != msg.sender_id
       WHERE msg.read_at IS NULL AND msg.created_at <= ?1 AND msg.created_at > ?2 AND msg.id > cm.deleted_up_to AND cm.unread > 0
       GROUP BY cm.member_id)
     SELECT m.id, m.name, m.email, m.home_site AS homeSite, m.language, due.newest,
       (SELECT coalesce(sum(unread), 0) FROM conversation_members WHERE member_id = m.id) AS unread
     FROM due JOIN members m ON m.id = due.id
     WHERE ${mailableRaw('m')} AND ${wantsRaw('m.id', 'unread_reminder')}
       AND NOT EXISTS (SELECT 1 FROM notification_sends s WHERE s.member_id = m.id AND s.kind = 'unread_reminder' AND s.ref = '' AND s.at >= due.newest)
     LIMIT ?3`,
  )
    .bind(cutoff, since, limit)
    .all<Recipient & { newest: string; unread: number }>();
  const statements: D1PreparedStatement[] = [];
  for (const m of results) {
    const insert = await noticeStatement(env, m, 'unread_reminder', { path: '/chats', count: m.unread }, now, { onlyIf: 'changes() = 1' });
    if (!insert) continue;
    statements.push(
      env.DB.prepare(
        `INSERT INTO notification_sends (member_id, kind, ref, at) VALUES (?1, 'unread_reminder', '', ?2)
         ON CONFLICT (member_id, kind, ref) DO UPDATE SET at = excluded.at WHERE notification_sends.at < excluded.at`,
      ).bind(m.id, m.newest),
      insert,
    );
  }
  const queued = statements.length ? Math.round((await runBatches(env, statements)) / 2) : 0;
  return queued;
}

/** The Monday (UTC) of the week `at` is in: a digest's key. */
export const weekOf = (at: Date) => {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
};

/** Members a run takes per page (one D1 read, then their mails in batches). */
const DIGEST_PAGE = 500;
/**
 * A run stops after this much time and leaves the rest to the next 5-minute trigger: a Cron
 * Trigger may run 15 minutes but has 30 s of CPU by default, and a run's CPU (rendering and
 * signing each mail) stays well under its wall time.
 */
const DIGEST_BUDGET_MS = 20_000;
/** New members a digest shows. */
const DIGEST_ENTRIES = 6;

type DigestMember = Recipient & { companyId: number; niche: number; gender: Gender; sexuality: Sexuality | null };
type Entry = { id: number; name: string; birthDate: string; city: string | null };

/** Starts this week's digest (weekly trigger) and works on it; a started one goes on from where it stopped. */
export async function startWeeklyDigest(ctx: JobContext) {
  await ctx.env.DB.prepare('INSERT INTO digest_runs (week, cursor, sent, started_at) VALUES (?1, 0, 0, ?2) ON CONFLICT DO NOTHING')
    .bind(weekOf(ctx.now), ctx.now.toISOString())
    .run();
  return continueWeeklyDigest(ctx);
}

/**
 * Works on an unfinished digest run (every 5 minutes, and right after the weekly start): members
 * in id order after the run's cursor, a page at a time, each member who may get mail and wants
 * the weekly update getting the newest members of their home site's niche (of the gender they
 * look for) who joined in the last 7 days, themselves left out; a site with none sends nothing.
 * Each mail is queued only with its (member, week) record, so a page done twice mails once. The
 * cursor moves with the page's last batch. Answers the run's progress.
 */
export async function continueWeeklyDigest({ env, now }: JobContext, { budgetMs = DIGEST_BUDGET_MS, page = DIGEST_PAGE } = {}) {
  const started = Date.now();
  const run = await env.DB.prepare('SELECT week, cursor, sent FROM digest_runs WHERE finished_at IS NULL ORDER BY week LIMIT 1').first<{
    week: string;
    cursor: number;
    sent: number;
  }>();
  if (!run) return { week: null, sent: 0, done: true };
  const since = new Date(now.getTime() - 7 * 86400_000).toISOString();
  const newMembers = new Map<string, Entry[]>();
  const entriesFor = async (m: DigestMember) => {
    const wanted = wantedGender(m.niche, { gender: m.gender, sexuality: m.sexuality });
    const key = `${m.companyId}:${m.niche}:${wanted ?? ''}`;
    let list = newMembers.get(key);
    if (!list) {
      // the search's index: this pool's niche, visible, newest first
      const { results } = await env.DB.prepare(
        `SELECT id, name, birth_date AS birthDate, city FROM members
         WHERE company_id = ?1 AND niche = ?2 AND (?3 IS NULL OR gender = ?3) AND status = 'active' AND profile_status = 'active' AND invisible = 0 AND moderation = 'none' AND created_at > ?4
         ORDER BY created_at DESC LIMIT ?5`,
      )
        .bind(m.companyId, m.niche, wanted, since, DIGEST_ENTRIES + 1)
        .all<Entry>();
      newMembers.set(key, (list = results));
    }
    return list.filter((e) => e.id !== m.id).slice(0, DIGEST_ENTRIES);
  };

  const fields = new Map<string, readonly string[] | null>();
  const fieldsOf = (slug: string) => {
    if (!fields.has(slug)) {
      const site = tenantBySlug(slug);
      fields.set(slug, site ? siteSettings(site).visible_profile_fields : null);
    }
    return fields.get(slug)!;
  };

  let { cursor, sent } = run;
  let done = false;
  while (Date.now() - started < budgetMs) {
    const { results } = await env.DB.prepare(
      `SELECT m.id, m.name, m.email, m.home_site AS homeSite, m.language, m.company_id AS companyId, m.niche, m.gender, m.sexuality
       FROM members m WHERE m.id > ?1 AND ${mailableRaw('m')} AND ${wantsRaw('m.id', 'weekly_update')} ORDER BY m.id LIMIT ?2`,
    )
      .bind(cursor, page)
      .all<DigestMember>();
    if (!results.length) {
      done = true;
      break;
    }
    const statements: D1PreparedStatement[] = [];
    for (const m of results) {
      const entries = await entriesFor(m);
      const visible = fieldsOf(m.homeSite);
      if (!entries.length || !visible) continue;
      const insert = await noticeStatement(
        env,
        m,
        'weekly_update',
        {
          path: '/members',
          entries: entries.map((e) => ({
            name: e.name,
            age: visible.includes('age') ? ageOn(e.birthDate, now) : null,
            place: visible.includes('city') ? e.city : null,
            link: `/members/${e.id}`,
          })),
        },
        now,
        { onlyIf: 'changes() = 1' },
      );
      if (!insert) continue;
      statements.push(
        env.DB.prepare(
          "INSERT INTO notification_sends (member_id, kind, ref, at) VALUES (?1, 'weekly_update', ?2, ?3) ON CONFLICT DO NOTHING",
        ).bind(m.id, run.week, now.toISOString()),
        insert,
      );
    }
    cursor = results.at(-1)!.id;
    const queued = statements.length ? Math.round((await runBatches(env, statements)) / 2) : 0;
    sent += queued;
    await env.DB.prepare('UPDATE digest_runs SET cursor = ?2, sent = ?3 WHERE week = ?1').bind(run.week, cursor, sent).run();
  }
  if (done) await env.DB.prepare('UPDATE digest_runs SET finished_at = ?2 WHERE week = ?1').bind(run.week, now.toISOString()).run();
  return { week: run.week, sent, done };
}
