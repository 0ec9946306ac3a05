import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { fictionalPersonas, members, photos } from '../../db/schema';
import { handOverMain, type Photo } from '../../domain/photos';
import type { Db } from '../../lib/db';

export type FictionalMember = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;

/**
 * The company's fictional profiles (not deleted), of one site or all, by name, each with its count
 * of photos (not removed) read in the same statement: a list of ids bound as parameters would pass
 * D1's 100 bound parameters with a site's hundredth fictional profile.
 */
export const fictionalOfCompany = (db: Db, companyId: number, site?: string) =>
  db
    .select({
      ...getTableColumns(members),
      // written out: drizzle names a select's columns without their table, and a bare "id" here would be the photo's
      photoCount: sql<number>`(SELECT count(*) FROM photos p WHERE p.member_id = "members"."id" AND p.status <> 'removed')`,
    })
    .from(members)
    .where(
      and(
        eq(members.companyId, companyId),
        eq(members.fictional, true),
        ne(members.status, 'deleted'),
        site ? eq(members.homeSite, site) : undefined,
      ),
    )
    .orderBy(asc(members.name), asc(members.id));

/** One fictional profile of this company: a real member, or another company's, is not found. */
export const fictionalById = (db: Db, companyId: number, id: number) =>
  db.query.members.findFirst({
    where: and(eq(members.id, id), eq(members.companyId, companyId), eq(members.fictional, true), ne(members.status, 'deleted')),
  });

export const photosOf = (db: Db, memberId: number) =>
  db
    .select()
    .from(photos)
    .where(and(eq(photos.memberId, memberId), ne(photos.status, 'removed')))
    .orderBy(asc(photos.createdAt));

export const personaOf = (db: Db, memberId: number) =>
  db.query.fictionalPersonas.findFirst({ where: eq(fictionalPersonas.memberId, memberId) });

export const upsertPersona = (db: Db, memberId: number, note: string, operatorId: number, at: Date) =>
  db
    .insert(fictionalPersonas)
    .values({ memberId, note, updatedAt: at.toISOString(), updatedBy: operatorId })
    .onConflictDoUpdate({ target: fictionalPersonas.memberId, set: { note, updatedAt: at.toISOString(), updatedBy: operatorId } });

export const insertFictional = (db: Db, row: typeof members.$inferInsert) => db.insert(members).values(row);

export const updateFictional = (db: Db, id: number, changes: Partial<typeof members.$inferInsert>) =>
  db
    .update(members)
    .set(changes)
    .where(and(eq(members.id, id), eq(members.fictional, true)))
    .returning();

/**
 * An operator's photo of a fictional profile: approved at once (an operator made it), and the
 * main photo when the profile has none yet.
 */
export const insertFictionalPhoto = (db: Db, photo: typeof photos.$inferInsert) =>
  [
    db.insert(photos).values(photo),
    db
      .update(members)
      .set({ mainPhotoId: photo.id })
      .where(and(eq(members.id, photo.memberId), sql`${members.mainPhotoId} IS NULL`)),
  ] as const;

/** An operator takes a fictional profile's photo away: the row goes (no statement of reasons is owed), the main photo hands over. */
export const deleteFictionalPhoto = (db: Db, photo: Photo) =>
  [db.delete(photos).where(eq(photos.id, photo.id)), handOverMain(db, photo)] as const;
