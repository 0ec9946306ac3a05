import { desc, eq, isNull, and } from 'drizzle-orm';
import { likes, members, swipePasses } from '../../db/schema';
import type { ExportContext, ExportPart } from '../../lib/feature';

/** Likes given (withdrawn ones too), likes received (still standing) and swipe passes; the other member by name only. */
export async function exportLikes({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [given, received, passes] = await db.batch([
    db
      .select({ name: members.name, source: likes.source, created_at: likes.createdAt, withdrawn_at: likes.withdrawnAt })
      .from(likes)
      .innerJoin(members, eq(members.id, likes.likedId))
      .where(eq(likes.likerId, memberId))
      .orderBy(desc(likes.createdAt)),
    db
      .select({ name: members.name, created_at: likes.createdAt, seen_at: likes.seenAt })
      .from(likes)
      .innerJoin(members, eq(members.id, likes.likerId))
      .where(and(eq(likes.likedId, memberId), isNull(likes.withdrawnAt)))
      .orderBy(desc(likes.createdAt)),
    db
      .select({ name: members.name, created_at: swipePasses.createdAt })
      .from(swipePasses)
      .innerJoin(members, eq(members.id, swipePasses.passedId))
      .where(eq(swipePasses.memberId, memberId)),
  ]);
  return [{ path: 'likes.json', json: { given, received, swipe_passes: passes } }];
}
