/**
 * Likes and the swipe game's plain values: zod-free, so the web imports them; contracts/likes.ts
 * re-exports them.
 */

/** Spec sections 6 and 9: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;

/**
 * GET /api/likes.php: likes a page, per list; received likes run new ones first (so the first page
 * holds enough of them for the badge, 99+ from 100: BADGE_CAP), then the seen ones.
 */
export const LIKES_PAGE = 100;
