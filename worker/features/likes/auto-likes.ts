import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { likes, members } from '../../db/schema';
import type { Db } from '../../lib/db';
import { registry } from '../../lib/tenants';
import { siteSettings } from '../settings/settings.service';

/**
 * Fictional profiles of a member's home site like new members on the site's schedule
 * (settings.auto_like_minutes after signup). Run every few minutes by the Cron Trigger; callable
 * locally (/dev/auto-likes). Returns how many likes it sent.
 */
export async function sendAutoLikes(db: Db, now: Date, limit = 200) {
  const longest = Math.max(0, ...registry.tenants.map((t) => Math.max(0, ...siteSettings(t).auto_like_minutes)));
  const since = new Date(now.getTime() - (longest + 60) * 60_000).toISOString();
  const candidates = await db
    .select({
      id: members.id,
      companyId: members.companyId,
      homeSite: members.homeSite,
      niche: members.niche,
      gender: members.gender,
      createdAt: members.createdAt,
      received: sql<number>`(SELECT count(*) FROM likes WHERE likes.liked_id = members.id AND likes.source = 'auto')`,
    })
    .from(members)
    .where(and(eq(members.fictional, false), ne(members.status, 'deleted'), gt(members.createdAt, since)))
    .limit(limit);
  let sent = 0;
  for (const m of candidates) {
    const site = registry.tenants.find((t) => t.slug === m.homeSite);
    if (!site) continue;
    const due = siteSettings(site).auto_like_minutes[m.received];
    if (due === undefined || now.getTime() < Date.parse(m.createdAt) + due * 60_000) continue;
    // a fictional profile of the same pool and niche, of the gender the member looks for
    const wanted = m.niche === 7 ? m.gender : m.gender === 'male' ? 'female' : 'male';
    const [liker] = await db
      .select({ id: members.id })
      .from(members)
      .where(
        and(
          eq(members.companyId, m.companyId),
          eq(members.niche, m.niche),
          eq(members.fictional, true),
          eq(members.status, 'active'),
          eq(members.gender, wanted),
          sql`NOT EXISTS (SELECT 1 FROM likes WHERE likes.liker_id = members.id AND likes.liked_id = ${m.id})`,
          sql`NOT EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${m.id} AND blocks.blocked_id = members.id) OR (blocks.blocker_id = members.id AND blocks.blocked_id = ${m.id}))`,
        ),
      )
      .orderBy(sql`random()`)
      .limit(1);
    if (!liker) continue;
    await db.insert(likes).values({ likerId: liker.id, likedId: m.id, source: 'auto', createdAt: now.toISOString() }).onConflictDoNothing();
    sent++;
  }
  return sent;
}
