import * as z from 'zod';
import type { ErrorCode } from './errors';

/**
 * Shared pieces of every contract. Validation messages in contracts are error codes
 * (`errors.<code>` in locales/); the worker's validator turns them into the member's language.
 */

/** A refused call (spec section 8): a code, its text in the member's language, and for invalid fields the issues. */
export type Issue = { path: string; message: string };
/** An error answer; an unknown error (500) also names the request id its log lines carry (its message quotes it to the member). */
export type ErrorBody = { error: ErrorCode; message: string; issues?: Issue[]; request_id?: string };

/** The answer of calls that only confirm. */
export type Ok = { ok: true };

/** Member ids are random 48-bit integers; in a query string they arrive as text. */
export const memberIdParam = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
/** In JSON bodies ids are numbers, nothing coerced. */
export const memberIdBody = z.object({
  id: z
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
export type MemberIdBody = z.infer<typeof memberIdBody>;

/**
 * A photo's paths under the site's cdn_prefix: `match` its display version (at most 1600 px, for
 * the photo viewer), `thumb_filename` its thumbnail (at most 400 px: tiles, cards, lists, chat).
 */
export type PhotoRef = { match: string; thumb_filename: string };

/** A photo waits for a moderator (`pending`, seen only by its owner) or is shown (`active`). */
export type PhotoStatus = 'active' | 'pending';
/**
 * A photo object (spec section 3): `filename` its display version, `thumb_filename` its
 * thumbnail, `status`, and `match` the display version's path under the cdn_prefix. Others'
 * photos are always `active`; the owner's own may be `pending`.
 */
export type Photo<Status extends PhotoStatus = 'active'> = PhotoRef & { filename: string; status: Status };

/** One of the member's own photos; its image is `settings.cdn_prefix + match`. */
export type OwnPhoto = Photo<PhotoStatus> & {
  id: string;
  main: boolean;
  width: number;
  height: number;
};
