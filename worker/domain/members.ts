import { and, eq, sql, type SQL } from 'drizzle-orm';
import { INTEREST_TAGS, ONLINE_MINUTES, RECENT_HOURS, type InterestTag } from '../contracts/profiles.values';
import type { Photo } from '../contracts/common';
import type { MemberCard } from '../contracts/profiles';
import { blocks, members } from '../db/schema';
import { clock } from '../lib/clock';
import type { Db } from '../lib/db';

/**
 * Members as others see them: who may see whom (one company's pool, confirmed and visible,
 * nobody blocked either way), ages, cards and blocks. Every feature that shows a member asks here.
 */
export type Member = typeof members.$inferSelect;

export const memberById = (db: Db, id: number) => db.query.members.findFirst({ where: eq(members.id, id) });
export const memberByEmail = (db: Db, companyId: number, email: string) =>
  db.query.members.findFirst({ where: and(eq(members.companyId, companyId), eq(members.email, email)) });

/** Age in whole years on a day (birth date YYYY-MM-DD). */
export const ageOn = (birthDate: string, now: Date) => {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
};

/** The birth date that makes someone exactly `years` old on that day. */
export const yearsAgo = (now: Date, years: number) =>
  new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

/** A JSON array column; anything else reads as empty. */
export function parseList(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const TAGS: ReadonlySet<string> = new Set(INTEREST_TAGS);
/** The interests column as tags of the fixed set (anything else is dropped). */
export const interestsOf = (json: string): InterestTag[] => parseList(json).filter((t): t is InterestTag => TAGS.has(t));

/**
 * Moderation (README, reports): a banned member, or one hidden by an under-18 report until a
 * moderator decides, is seen by nobody; a restricted one is left out of search and the swipe
 * game only (`listed`).
 */
export const seenByOthers: SQL = sql`${members.moderation} IN ('none', 'restricted')`;
export const listed: SQL = eq(members.moderation, 'none');
export const moderationSeen = (moderation: string) => moderation === 'none' || moderation === 'restricted';

/**
 * Members a viewer may see: this company's pool, confirmed and visible, nobody blocked either way;
 * with a niche, only that niche (a site shows only its own niche, whatever the route). The
 * company and viewer may be SQL (a reusable statement's parameter, a session's member id found
 * in the same batch).
 */
export function visibleMembers(
  companyId: number | SQL,
  viewerId: number | SQL | null,
  niche?: number | SQL,
  /** `listed`: only profiles shown in lists (moderation none) — one equality, so an index ordered after it keeps its order (issue 34) */
  opts: { listed?: boolean } = {},
): SQL {
  const conditions = [
    eq(members.companyId, companyId),
    eq(members.status, 'active'),
    eq(members.profileStatus, 'active'),
    opts.listed ? listed : seenByOthers,
  ];
  if (niche !== undefined) conditions.push(eq(members.niche, niche));
  if (viewerId !== null)
    conditions.push(
      sql`${members.id} != ${viewerId}`,
      sql`NOT EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${viewerId} AND blocks.blocked_id = members.id) OR (blocks.blocker_id = members.id AND blocks.blocked_id = ${viewerId}))`,
    );
  return and(...conditions)!;
}

/** The member with this id if the viewer may see it on this site's niche (and so like or swipe it), else null. */
export async function visibleMember(db: Db, viewer: { id: number; companyId: number }, niche: number, id: number) {
  const [row] = await db
    .select({ id: members.id, gender: members.gender, invisible: members.invisible, moderation: members.moderation })
    .from(members)
    .where(and(eq(members.id, id), visibleMembers(viewer.companyId, viewer.id, niche)))
    .limit(1);
  return row ?? null;
}

/**
 * A member of this company's pool and this site's niche by id, whatever their state (the caller
 * decides what a viewer may see of it); another niche's member is, for this site, nobody.
 */
export const siteMember = (db: Db, site: { companyId: number; niche: number }, id: number) =>
  db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, site.companyId), eq(members.niche, site.niche)) });

/** The columns of a member card (search, likes, swipe game). */
export const cardColumns = {
  id: members.id,
  name: members.name,
  birthDate: members.birthDate,
  city: members.city,
  region: members.region,
  country: members.country,
  fictional: members.fictional,
  // column names qualified by hand: inside a subquery drizzle would leave them ambiguous
  // both versions' keys in one lookup, space-separated (keys have no spaces); see toCard
  mainKey: sql<
    string | null
  >`(SELECT key || ' ' || coalesce(nullif(thumb_key, ''), key) FROM photos WHERE photos.id = members.main_photo_id AND photos.status = 'active')`,
  photoCount: sql<number>`(SELECT count(*) FROM photos WHERE photos.member_id = members.id AND photos.status = 'active')`,
  lastActiveAt: members.lastActiveAt,
  invisible: members.invisible,
};
export type CardRow = {
  id: number;
  name: string;
  birthDate: string;
  city: string | null;
  region: string | null;
  country: string;
  fictional: boolean;
  mainKey: string | null;
  photoCount: number;
  lastActiveAt: string | null;
  invisible: boolean;
};

/** Online: active in the last ONLINE_MINUTES, and not in invisible mode (README, "Activity and online"). */
export const isOnline = (m: { lastActiveAt: string | null; invisible: boolean }, now: Date) =>
  !m.invisible && m.lastActiveAt !== null && Date.parse(m.lastActiveAt) > now.getTime() - ONLINE_MINUTES * 60_000;
/** Recently active: not online, but active in the last RECENT_HOURS, and not in invisible mode. */
export const isRecentlyActive = (m: { lastActiveAt: string | null; invisible: boolean }, now: Date) =>
  !m.invisible && m.lastActiveAt !== null && !isOnline(m, now) && Date.parse(m.lastActiveAt) > now.getTime() - RECENT_HOURS * 3600_000;

/** The display and thumbnail keys of cardColumns.mainKey as a photo object (a card shows only an active main photo). */
function mainImage(keys: string | null): Photo | null {
  if (!keys) return null;
  const [match = keys, thumb = match] = keys.split(' ');
  return { filename: match, thumb_filename: thumb, status: 'active', match };
}

/**
 * A member card. Age, city, region and country appear only when the site's
 * visible_profile_fields show them (null otherwise), as on the profile itself.
 */
export const toCard = (r: CardRow, visible: readonly string[]): MemberCard => ({
  id: r.id,
  name: r.name,
  age: visible.includes('age') ? ageOn(r.birthDate, clock.now()) : null,
  city: visible.includes('city') ? r.city : null,
  region: visible.includes('region') ? r.region : null,
  country: visible.includes('country') ? r.country : null,
  fictional: r.fictional,
  photo_count: r.photoCount,
  main_image: mainImage(r.mainKey),
  online: isOnline(r, clock.now()),
  recently_active: isRecentlyActive(r, clock.now()),
});

export const hasBlocked = async (db: Db, blocker: number, blocked: number) =>
  !!(await db.query.blocks.findFirst({ where: and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)) }));
export const block = (db: Db, blocker: number, blocked: number, at: Date) =>
  db.insert(blocks).values({ blockerId: blocker, blockedId: blocked, createdAt: at.toISOString() }).onConflictDoNothing();
export const unblock = (db: Db, blocker: number, blocked: number) =>
  db.delete(blocks).where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)));
