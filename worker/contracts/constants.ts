/**
 * Transitional: the constants of the contracts live with their features now, in zod-free
 * `<feature>.values.ts` files (and `site-paths.ts`), which the web imports as values. This file only
 * re-exports the few that files being changed on other branches still import from here
 * (web/lib/live.ts, web/prerender.tsx, worker/features/shell/); when those land, their imports
 * point at the files named below and this file goes. Import nothing new from it.
 */
export { BADGE_CAP } from './chat.values';
export { LANDER_KINDS, LANDERS, type LanderName } from './landers.values';
export { LIVE_CLOSE } from './live.values';
export { CREDITS_BADGE_AT } from './payments.values';
export { APP_ROOT_ROUTES, STATIC_PAGE_TOKENS } from './site-paths';
