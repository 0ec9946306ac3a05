import { eq } from 'drizzle-orm';
import type { SignupStep, User, UserAnswer } from '../contracts/account';
import { photos } from '../db/schema';
import { clock } from '../lib/clock';
import type { Db } from '../lib/db';
import { unreadTotal } from './conversations';
import { ageOn, interestsOf, parseList, type Member } from './members';
import { photoJson, type Photo } from './photos';

/** The `user` object of spec section 3 for the member's own client. */
export function userJson(member: Member, mainPhoto: Photo | null, unreadMessages: number): User {
  const image = mainPhoto && mainPhoto.status !== 'removed' ? photoJson(mainPhoto, member.mainPhotoId) : null;
  return {
    id: member.id,
    email: member.email,
    status: member.status === 'not_confirmed' ? 'not_confirmed' : 'active',
    credits: member.credits,
    paid_user: member.paidUser,
    free_conversations_left: member.paidUser ? 0 : member.freeConversationsLeft,
    free_messages_left: member.paidUser ? 0 : member.freeMessagesLeft,
    signup_date: member.createdAt,
    notifications_disabled: parseList(member.notificationsDisabled),
    language: member.language,
    fictional_icon: member.fictional,
    signup_step: member.signupStep as SignupStep,
    push_permission: member.pushPermission,
    unread_messages: unreadMessages,
    profile: {
      id: member.id,
      name: member.name,
      gender: member.gender,
      sexuality: member.sexuality,
      date_of_birth: member.birthDate,
      age: ageOn(member.birthDate, clock.now()),
      country: member.country,
      region: member.region,
      city: member.city,
      about_me: member.aboutMe,
      hair_colour: member.hairColour,
      eye_colour: member.eyeColour,
      body_type: member.bodyType,
      relationship_status: member.relationshipStatus,
      tattoos: member.tattoos,
      signup_reason: member.signupReason,
      interests: interestsOf(member.interests),
      status: member.profileStatus,
      main_image: image,
    },
  };
}

/**
 * `{ user }` for the member's own client, in one round trip: the main photo, and the unread
 * messages over the conversations the member's list shows on this site's niche (the same
 * number as chats.php's total_unread).
 */
export async function userBody(db: Db, member: Member, niche: number): Promise<UserAnswer> {
  const unread = unreadTotal(db, member, niche);
  let main: Photo | null = null;
  let total: { n: number }[];
  if (member.mainPhotoId) {
    let found: Photo[];
    [found, total] = await db.batch([db.select().from(photos).where(eq(photos.id, member.mainPhotoId)).limit(1), unread]);
    main = found[0] ?? null;
  } else total = await unread;
  return { user: userJson(member, main, total[0]?.n ?? 0) };
}
