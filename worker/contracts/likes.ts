import * as z from 'zod';
import { memberIdBody } from './common';
import type { MemberCard } from './profiles';
import { issue } from './errors';

export { LIKES_PAGE, SWIPE_LIKES_PER_DAY } from './likes.values';

/** POST /api/like.php {id} (idempotent; a match when they liked me too); DELETE takes it back. */
export const likeInput = memberIdBody;
export type LikeAnswer = { liked: true; match: boolean } | { liked: false };

/**
 * A place in one list of GET /api/likes.php: the like's segment (received likes: the new ones,
 * then the seen ones), its time and the other member's id. Opaque to clients: they send back a
 * `*_next` they were given.
 */
export type LikesCursor = { seen: boolean; at: string; id: number };
const CURSOR_TEXT = /^([ns])\|(\d{4}-\d{2}-\d{2}[T ][\d:.]{5,15}Z?)\|([1-9]\d{0,15})$/;
const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
export const encodeLikesCursor = (c: LikesCursor) => toBase64Url(`${c.seen ? 's' : 'n'}|${c.at}|${c.id}`);
const likesCursor = z
  .string()
  .max(80, issue('invalid_request'))
  .regex(/^[A-Za-z0-9_-]+$/, issue('invalid_request'))
  .transform((raw, ctx): LikesCursor => {
    let text = '';
    try {
      text = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      /* not base64: refused below */
    }
    const m = CURSOR_TEXT.exec(text);
    const id = Number(m?.[3]);
    // a cursor this server made encodes exactly so: anything else was not made here
    if (!m || !Number.isSafeInteger(id) || toBase64Url(text) !== raw) {
      ctx.addIssue({ code: 'custom', message: issue('invalid_request') });
      return z.NEVER;
    }
    return { seen: m[1] === 's', at: m[2]!, id };
  });

/**
 * GET /api/likes.php[?liked_by_after=CURSOR][&liked_after=CURSOR]. Without either: the first page
 * of both lists. With one or both: the next page of only the lists named (the other list is empty
 * and its `*_next` null). A cursor that is not one this server made is 400 invalid_request.
 */
export const likesQuery = z.object({ liked_by_after: likesCursor.optional(), liked_after: likesCursor.optional() }).strict();
export type LikesQuery = z.input<typeof likesQuery>;

/**
 * GET /api/likes.php (spec section 3, "Likes response", plus the cursors of the next pages).
 * Pages hold LIKES_PAGE likes a list; `liked_by` runs the new likes first (as many pages as they
 * take), then the seen ones, each newest first.
 */
export type LikesAnswer = {
  /** Every member appearing below, once. */
  profiles: MemberCard[];
  /** Who liked me: new likes first, then newest first. */
  liked_by: { id: number; like_new: boolean }[];
  /** Whom I liked, newest first. */
  liked: { id: number }[];
  /** `liked_by_after` for the next page of `liked_by`; null at its end (or when not asked for). */
  liked_by_next: string | null;
  /** `liked_after` for the next page of `liked`; null at its end (or when not asked for). */
  liked_next: string | null;
};

/** GET /api/auto-like.php: the newest new like for me (an automatic one first), or null. */
/** The like overlay's profile; `fictional` carries the site's fictional label into the overlay. */
export type LikeProfile = Pick<MemberCard, 'id' | 'name' | 'age' | 'main_image' | 'fictional'>;
export type AutoLikeAnswer = LikeProfile | null;

/** GET /api/swipe.php: the next profile of the game and the likes left today. */
export type SwipeAnswer = { profile: MemberCard | null; likes_left: number };
/** POST /api/swipe.php {id, action}: 429 swipe_limit when the day's likes are used up. */
export const swipeInput = memberIdBody.extend({ action: z.enum(['like', 'pass']) });
export type SwipeInput = z.infer<typeof swipeInput>;
export type SwipeActionAnswer = { liked: boolean; match: boolean; likes_left: number; next: MemberCard | null };
