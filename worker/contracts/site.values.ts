/** The site contract's values the web app reads (zod-free: the web build refuses zod). */

/**
 * A member's /members the worker rendered carries the regions of its first search's country (the search form's region
 * choice), in a script of this id at the end of its body: the app's hydration reads them, as the worker's render did.
 */
export const REGIONS_ANSWER_ID = 'regions-answer';
