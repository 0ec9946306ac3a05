import { and, eq } from 'drizzle-orm';
import { members } from '../../db/schema';
import { cardColumns, visibleMembers, type Member } from '../../domain/members';
import type { Db } from '../../lib/db';

/** The other member of a chat, as a card row plus whether it is fictional, if the viewer may see it on this site's niche. */
export async function otherMember(db: Db, me: Member, id: number, niche: number) {
  const [row] = await db
    .select(cardColumns)
    .from(members)
    .where(and(eq(members.id, id), eq(members.niche, niche), visibleMembers(me.companyId, me.id)))
    .limit(1);
  return row ?? null;
}
