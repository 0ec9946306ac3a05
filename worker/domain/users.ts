import type { SignupStep, User, UserAnswer } from '../contracts/account';
import { clock } from '../lib/clock';
import type { Db } from '../lib/db';
import { ageOn, interestsOf, parseList, type Member } from './members';
import { photoById, photoJson, type Photo } from './photos';

/** The `user` object of spec section 3 for the member's own client. */
export function userJson(member: Member, mainPhoto: Photo | null): User {
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

/** `{ user }` for the member's own client, with the main photo looked up. */
export async function userBody(db: Db, member: Member): Promise<UserAnswer> {
  const main = member.mainPhotoId ? ((await photoById(db, member.mainPhotoId)) ?? null) : null;
  return { user: userJson(member, main) };
}
