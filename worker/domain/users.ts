import { eq, sql } from 'drizzle-orm';
import type { SignupStep, User, UserAnswer } from '../contracts/account';
import { members, photos } from '../db/schema';
import { clock } from '../lib/clock';
import { reusable, type Db } from '../lib/db';
import { unreadTotal } from './conversations';
import { ageOn, interestsOf, parseList, type Member } from './members';
import { photoJson, type Photo } from './photos';
import { sessionTokenMemberId, type SessionValues } from './sessions';

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

type UserValues = SessionValues & { niche: number };
// the session's member as its token finds it: these answers count only once the batch's session row settled the member
const sessionMainPhoto = reusable<UserValues, ReturnType<typeof buildMainPhoto>>((db, p) => buildMainPhoto(db, sessionTokenMemberId(p)));
const buildMainPhoto = (db: Db, me: ReturnType<typeof sessionTokenMemberId>) =>
  db
    .select()
    .from(photos)
    .where(eq(photos.id, sql`(SELECT ${members.mainPhotoId} FROM ${members} WHERE ${members.id} = ${me})`))
    .limit(1);
const sessionUnread = reusable<UserValues, ReturnType<typeof unreadTotal>>((db, p) =>
  unreadTotal(db, { id: sessionTokenMemberId(p), companyId: p.company }, p.niche),
);

/**
 * userBody's statements for the batch that looks the session up first (sessionForBatch): the
 * session's main photo and unread total, so `{ user }` costs no round trip of its own.
 */
export const sessionUserItems = (db: Db, values: SessionValues, niche: number) => {
  const v: UserValues = { ...values, niche };
  return [sessionMainPhoto.item(db, v), sessionUnread.item(db, v)] as const;
};

/** `{ user }` from the session's member and sessionUserItems' two results. */
export const sessionUserBody = (member: Member, photo: Photo[], unread: { n: number }[]): UserAnswer => ({
  user: userJson(member, photo[0] ?? null, unread[0]?.n ?? 0),
});
