import * as z from 'zod';
import type { User } from './account';
import type { OwnPhoto } from './common';
import type { PHOTO_REMOVAL_REASONS } from './operator.values';

export { MAX_PHOTO_BYTES, PHOTO_LIMITS, PHOTO_TYPES } from './photos.values';

export type { OwnPhoto };

const photoId = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });
/** PUT /api/photo.php {id, main: true}: makes it the profile photo. */
export const mainPhotoInput = photoId.extend({ main: z.literal(true) });
export type MainPhotoInput = z.infer<typeof mainPhotoInput>;
/** DELETE /api/photo.php {id} */
export const deletePhotoInput = photoId;
export type DeletePhotoInput = z.infer<typeof deletePhotoInput>;

/**
 * A photo a moderator removed, as its owner is told (the statement of reasons): the ground
 * (one of PHOTO_REMOVAL_REASONS), the moderator's note if any, and when.
 */
export type RemovedPhoto = { id: string; reason: (typeof PHOTO_REMOVAL_REASONS)[number]; note: string | null; removed_at: string };

/**
 * GET /api/photos.php, and every photo change (POST multipart `photo`, PUT, DELETE): the whole
 * list, the member's limit and the user; `removed` the photos moderators removed (newest first).
 */
export type PhotosAnswer = { photos: OwnPhoto[]; limit: number; removed: RemovedPhoto[]; user: User };
