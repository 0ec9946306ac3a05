import { desc, eq } from 'drizzle-orm';
import { blocks, members } from '../../db/schema';
import { interestsOf } from '../../domain/members';
import type { ExportContext, ExportPart } from '../../lib/feature';

/** The profile fields, and whom the member blocked (the other's name only; blocks of the member by others are theirs). */
export async function exportProfile({ db, memberId }: ExportContext): Promise<ExportPart[]> {
  const [[m], blocked] = await db.batch([
    db.select().from(members).where(eq(members.id, memberId)),
    db
      .select({ name: members.name, created_at: blocks.createdAt })
      .from(blocks)
      .innerJoin(members, eq(members.id, blocks.blockedId))
      .where(eq(blocks.blockerId, memberId))
      .orderBy(desc(blocks.createdAt)),
  ]);
  if (!m) return [];
  const profile = {
    name: m.name,
    gender: m.gender,
    sexuality: m.sexuality,
    date_of_birth: m.birthDate,
    country: m.country,
    region: m.region,
    city: m.city,
    about_me: m.aboutMe,
    hair_colour: m.hairColour,
    eye_colour: m.eyeColour,
    body_type: m.bodyType,
    relationship_status: m.relationshipStatus,
    tattoos: m.tattoos,
    signup_reason: m.signupReason,
    interests: interestsOf(m.interests),
    profile_status: m.profileStatus,
  };
  return [
    { path: 'profile.json', json: profile },
    { path: 'blocks.json', json: blocked },
  ];
}
