import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { members } from '../../db/schema';
import { notifyPush } from '../../domain/push';
import type { JobContext } from '../../lib/feature';
import { registry, siteSettings, tenantBySlug } from '../../lib/tenants';
import { wantedGender } from '../../contracts/niches';
import { notifyLike } from '../../domain/notifications';

/**
 * Fictional profiles of a member's home site like new members on the site's schedule
 * (settings.auto_like_minutes after signup). Run every few minutes by the Cron Trigger; callable
 * locally (/dev/auto-likes). Returns how many likes it sent.
 */
export async function sendAutoLikes({ db, now, env }: Pick<JobContext, 'db' | 'now'> & Partial<Pick<JobContext, 'env'>>, limit = 200) {
  const schedules = registry.tenants.map((t) => siteSettings(t).auto_like_minutes);
  const longest = Math.max(0, ...schedules.map((s) => Math.max(0, ...s)));
  const longestSchedule = Math.max(0, ...schedules.map((s) => s.length));
  const since = new Date(now.getTime() - (longest + 60) * 60_000).toISOString();
  const candidates = await db
    .select({
      id: members.id,
      companyId: members.companyId,
      homeSite: members.homeSite,
      niche: members.niche,
      gender: members.gender,
      sexuality: members.sexuality,
      createdAt: members.createdAt,
      received: sql<number>`(SELECT count(*) FROM likes WHERE likes.liked_id = members.id AND likes.source = 'auto')`,
    })
    .from(members)
    .where(
      and(
        gt(members.createdAt, since),
        eq(members.fictional, false),
        ne(members.status, 'deleted'),
        sql`(SELECT count(*) FROM likes WHERE likes.liked_id = members.id AND likes.source = 'auto') < ${longestSchedule}`,
      ),
    )
    .orderBy(desc(members.createdAt))
    .limit(limit);
  let sent = 0;
  for (const m of candidates) {
    const site = tenantBySlug(m.homeSite);
    if (!site) continue;
    const due = siteSettings(site).auto_like_minutes[m.received];
    if (due === undefined || now.getTime() < Date.parse(m.createdAt) + due * 60_000) continue;
    // a fictional profile of the same pool and niche, of the gender the member looks for
    const wanted = wantedGender(m.niche, { gender: m.gender, sexuality: m.sexuality });
    const [liker] = await db
      .select({ id: members.id, name: members.name })
      .from(members)
      .where(
        and(
          eq(members.companyId, m.companyId),
          eq(members.niche, m.niche),
          eq(members.fictional, true),
          eq(members.status, 'active'),
          eq(members.profileStatus, 'active'),
          // a profile in invisible mode sends no automatic likes
          eq(members.invisible, false),
          eq(members.moderation, 'none'),
          wanted ? eq(members.gender, wanted) : undefined,
          sql`NOT EXISTS (SELECT 1 FROM likes WHERE likes.liker_id = members.id AND likes.liked_id = ${m.id})`,
          sql`NOT EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${m.id} AND blocks.blocked_id = members.id) OR (blocks.blocker_id = members.id AND blocks.blocked_id = ${m.id}))`,
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    if (!liker) continue;
    // Only if no other run sent this one meanwhile (the count is still what this run read).
    const written = await db.run(sql`INSERT INTO likes (liker_id, liked_id, source, created_at)
      SELECT ${liker.id}, ${m.id}, 'auto', ${now.toISOString()}
      WHERE (SELECT count(*) FROM likes WHERE liked_id = ${m.id} AND source = 'auto') = ${m.received}
      ON CONFLICT DO NOTHING`);
    sent += written.meta.changes;
    if (written.meta.changes && env) {
      await notifyLike(env, db, { likerId: liker.id, likedId: m.id, at: now });
      // a like received like any other: pushed to the member's browsers (the job waits for it; a failure is logged)
      await notifyPush(env, db, m.id, 'like', { kind: 'like', from: liker }).catch((error: unknown) =>
        console.error('push: auto-like failed', error),
      );
    }
  }
  return sent;
}
