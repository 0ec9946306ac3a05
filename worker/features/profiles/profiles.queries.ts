import { and, desc, eq, gt, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { blocks, members } from '../../db/schema';
import { cardColumns, visibleMembers } from '../../domain/members';
import type { Db } from '../../lib/db';

export type SearchFilters = {
  companyId: number;
  niche: number;
  viewerId: number | null;
  gender?: 'male' | 'female';
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
    // a restricted profile (reports) is not in search either: listed only (one moderation term, so the index keeps its order)
    visibleMembers(f.companyId, f.viewerId, f.niche, { listed: true }),
    // invisible mode (premium): never in search (the index members_search carries the flag)
    eq(members.invisible, false),
    f.gender ? eq(members.gender, f.gender) : undefined,
    f.country ? eq(members.country, f.country) : undefined,
    f.region ? eq(members.region, f.region) : undefined,
    f.bornAfter ? gt(members.birthDate, f.bornAfter) : undefined,
    f.bornBefore ? lte(members.birthDate, f.bornBefore) : undefined,
    ...Object.entries(f.fields).map(([k, v]) => sql`${FIELD_COLUMNS[k as keyof typeof FIELD_COLUMNS]} = ${v}`),
    // eslint-disable-next-line no-restricted-syntax -- bounded: a page of results (PAGE_SIZE)
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

/** A member of this company's pool by id (the profile view decides what a viewer may see of it). */
export const poolMember = (db: Db, companyId: number, id: number) =>
  db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, companyId)) });

export const updateProfile = (db: Db, memberId: number, changes: Partial<typeof members.$inferInsert>) =>
  db.update(members).set(changes).where(eq(members.id, memberId)).returning();

export type SearchRow = Awaited<ReturnType<typeof searchMembers>>['rows'][number];

/** Erasure: the member's blocks, both ways. */
export const eraseBlocks = (db: Db, memberId: number) => [
  db.delete(blocks).where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId))),
];
