/**
 * The operator console's fictional-profile editor's plain values: zod-free, so the console imports
 * them; contracts/fictional.ts uses them.
 */

/** A fictional profile's persona note for the chat operators (the console's editor). */
export const FICTIONAL_NOTE_MAX = 4000;
