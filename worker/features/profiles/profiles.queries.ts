import { and, desc, eq, gt, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { blocks, members, photos } from '../../db/schema';
import type { Db } from '../../lib/db';
import type { Member } from '../account/account.queries';
import { cardColumns, visibleMembers } from '../../lib/member-cards';

export const hasBlocked = async (db: Db, blocker: number, blocked: number) =>
  !!(await db.query.blocks.findFirst({ where: and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)) }));

export const block = (db: Db, blocker: number, blocked: number, at: Date) =>
  db.insert(blocks).values({ blockerId: blocker, blockedId: blocked, createdAt: at.toISOString() }).onConflictDoNothing();
export const unblock = (db: Db, blocker: number, blocked: number) =>
  db.delete(blocks).where(and(eq(blocks.blockerId, blocker), eq(blocks.blockedId, blocked)));

/** Active photos of a member, main first, then by upload. */
export const activePhotos = (db: Db, memberId: number) =>
  db.select().from(photos).where(and(eq(photos.memberId, memberId), eq(photos.status, 'active'))).orderBy(photos.createdAt);

export type SearchFilters = {
  companyId: number;
  niche: number;
  viewerId: number | null;
  gender?: string;
  country?: string;
  region?: string;
  /** Birth dates (YYYY-MM-DD) bounding the age range: born strictly after, and on or before. */
  bornAfter?: string;
  bornBefore?: string;
  fields: Partial<Record<'hair_colour' | 'eye_colour' | 'body_type' | 'relationship_status' | 'tattoos' | 'sexuality', string>>;
  excludeIds?: number[];
};

const FIELD_COLUMNS = {
  hair_colour: members.hairColour,
  eye_colour: members.eyeColour,
  body_type: members.bodyType,
  relationship_status: members.relationshipStatus,
  tattoos: members.tattoos,
  sexuality: members.sexuality,
} as const;

/** Whom a search may show: visible members of this niche, with the filters. */
function searchWhere(f: SearchFilters): SQL {
  const conditions: (SQL | undefined)[] = [
    visibleMembers(f.companyId, f.viewerId),
    eq(members.niche, f.niche),
    f.gender ? eq(members.gender, f.gender as 'male' | 'female') : undefined,
    f.country ? eq(members.country, f.country) : undefined,
    f.region ? eq(members.region, f.region) : undefined,
    f.bornAfter ? gt(members.birthDate, f.bornAfter) : undefined,
    f.bornBefore ? lte(members.birthDate, f.bornBefore) : undefined,
    ...Object.entries(f.fields).map(([k, v]) => eq(FIELD_COLUMNS[k as keyof typeof FIELD_COLUMNS], v)),
    f.excludeIds?.length ? notInArray(members.id, f.excludeIds) : undefined,
  ];
  return and(...conditions)!;
}

/** Counting stops here: beyond it the UI says "1000+" and paging still works. */
export const COUNT_CAP = 1000;

export async function searchMembers(db: Db, f: SearchFilters, page: number, pageSize: number) {
  const where = searchWhere(f);
  const [rows, counted] = await db.batch([
    db
      .select(cardColumns)
      .from(members)
      .where(where)
      .orderBy(desc(members.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)` }).from(db.select({ id: members.id }).from(members).where(where).limit(COUNT_CAP).as('capped')),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export type SearchRow = Awaited<ReturnType<typeof searchMembers>>['rows'][number];
export type { Member };
