/**
 * Likes and the swipe game's plain values: zod-free, so the web imports them; contracts/likes.ts
 * re-exports them.
 */

/** Spec sections 6 and 9: the swipe game allows 4 likes a day. */
export const SWIPE_LIKES_PER_DAY = 4;

/** GET /api/likes.php: likes a page, per list; the first page also holds every new like, up to LIKES_NEW_CAP. */
export const LIKES_PAGE = 100;
export const LIKES_NEW_CAP = 500;
