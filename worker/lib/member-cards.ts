import { and, eq, sql, type SQL } from 'drizzle-orm';
import { members } from '../db/schema';
import { ageOn } from '../features/account/account.service';
import { clock } from './clock';

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
  mainKey: sql<string | null>`(SELECT key FROM photos WHERE photos.id = members.main_photo_id AND photos.status = 'active')`,
  photoCount: sql<number>`(SELECT count(*) FROM photos WHERE photos.member_id = members.id AND photos.status = 'active')`,
};

export type CardRow = { id: number; name: string; birthDate: string; city: string | null; region: string | null; country: string; fictional: boolean; mainKey: string | null; photoCount: number };

/**
 * A member card. Age, city, region and country appear only when the site's
 * visible_profile_fields show them (null otherwise), as on the profile itself.
 */
export const toCard = (r: CardRow, visible: readonly string[]) => ({
  id: r.id,
  name: r.name,
  age: visible.includes('age') ? ageOn(r.birthDate, clock.now()) : null,
  city: visible.includes('city') ? r.city : null,
  region: visible.includes('region') ? r.region : null,
  country: visible.includes('country') ? r.country : null,
  fictional: r.fictional,
  photo_count: r.photoCount,
  main_image: r.mainKey ? { match: r.mainKey } : null,
});
export type Card = ReturnType<typeof toCard>;

/** Members a viewer may see: this company's pool, confirmed and visible, nobody blocked either way. */
export function visibleMembers(companyId: number, viewerId: number | null): SQL {
  const conditions = [eq(members.companyId, companyId), eq(members.status, 'active'), eq(members.profileStatus, 'active')];
  if (viewerId !== null)
    conditions.push(
      sql`${members.id} != ${viewerId}`,
      sql`NOT EXISTS (SELECT 1 FROM blocks WHERE (blocks.blocker_id = ${viewerId} AND blocks.blocked_id = members.id) OR (blocks.blocker_id = members.id AND blocks.blocked_id = ${viewerId}))`,
    );
  return and(...conditions)!;
}
