/**
 * The landing pages' plain values (spec section 2): zod-free, so the web and the bench
 * (tests/bench/landers.mjs) import them; contracts/landers.ts re-exports them.
 */

/** Spec section 2: the landing pages under /landers/{name}/{slug?} (tinderswipe takes no slug). */
export const LANDERS = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
  'tinderswipe',
] as const;
export type LanderName = (typeof LANDERS)[number];

/**
 * Each lander's chunk under web/features/landers/kinds/ (the same table as the lander page's
 * KINDS): the shell's preload hints and the bench's JS walk (tests/bench/landers.mjs) read it.
 */
export const LANDER_KINDS: Record<LanderName, string> = {
  alonetonight: 'alone-tonight',
  collagelanding: 'collage',
  gallery: 'gallery',
  iconslanding: 'icons',
  maplanding: 'map',
  socialnetwork: 'social',
  transitionsvideolanding: 'transitions',
  video: 'video',
  tinderswipe: 'swipe',
};

/**
 * A public page's photos are never drawn upscaled (decision 192): a profile appears there only when
 * its main photo (as stored, the display version) is at least this many pixels on its shorter side,
 * more than the largest public tile (the feed's 560 px), and no wider or taller than 16:9
 * (PUBLIC_PHOTO_MAX_RATIO), so that its thumbnail (400 px on its longer side) is at least 225 px on
 * its shorter side, more than the landing page's 218 px faces.
 */
export const PUBLIC_PHOTO_MIN_SIDE = 600;
export const PUBLIC_PHOTO_MAX_RATIO = [16, 9] as const;

/**
 * How many profiles a lander's call answers at most: enough for each part of a page to show
 * other people (the collage's 12 and the grid's 8; web/features/landers/parts.tsx `portions`).
 */
export const LANDER_PROFILES = 20;

/** How many faces the landing page shows (GET /api/faces.php; web/features/landing/faces.tsx). */
export const LANDING_FACES = 8;
