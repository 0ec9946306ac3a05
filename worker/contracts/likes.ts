import { z } from 'zod';
import { memberIdBody } from './common';
import type { MemberCard } from './profiles';

export { SWIPE_LIKES_PER_DAY } from './constants';

/** POST /api/like.php {id} (idempotent; a match when they liked me too); DELETE takes it back. */
export const likeInput = memberIdBody;
export type LikeAnswer = { liked: true; match: boolean } | { liked: false };

/** GET /api/likes.php (spec section 3, "Likes response"). */
export type LikesAnswer = {
  /** Every member appearing below, once. */
  profiles: MemberCard[];
  /** Who liked me: new likes first, then newest first. */
  liked_by: { id: number; like_new: boolean }[];
  /** Whom I liked, newest first. */
  liked: { id: number }[];
};

/** GET /api/auto-like.php: the newest new like for me (an automatic one first), or null. */
export type LikeProfile = Pick<MemberCard, 'id' | 'name' | 'age' | 'main_image'>;
export type AutoLikeAnswer = LikeProfile | null;

/** GET /api/swipe.php: the next profile of the game and the likes left today. */
export type SwipeAnswer = { profile: MemberCard | null; likes_left: number };
/** POST /api/swipe.php {id, action}: 429 swipe_limit when the day's likes are used up. */
export const swipeInput = memberIdBody.extend({ action: z.enum(['like', 'pass']) });
export type SwipeInput = z.infer<typeof swipeInput>;
export type SwipeActionAnswer = { liked: boolean; match: boolean; likes_left: number; next: MemberCard | null };
