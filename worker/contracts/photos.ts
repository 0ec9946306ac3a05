import { z } from 'zod';
import type { User } from './account';

export { MAX_PHOTO_BYTES, PHOTO_LIMITS, PHOTO_TYPES } from './constants';

/** One of the member's own photos; its image is `settings.cdn_prefix + match`. */
export type OwnPhoto = {
  id: string;
  filename: string;
  thumb_filename: string;
  status: 'active' | 'pending';
  match: string;
  main: boolean;
  width: number;
  height: number;
};

const photoId = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });
/** PUT /api/photo.php {id, main: true}: makes it the profile photo. */
export const mainPhotoInput = photoId.extend({ main: z.literal(true) });
export type MainPhotoInput = z.infer<typeof mainPhotoInput>;
/** DELETE /api/photo.php {id} */
export const deletePhotoInput = photoId;
export type DeletePhotoInput = z.infer<typeof deletePhotoInput>;

/**
 * GET /api/photos.php, and every photo change (POST multipart `photo`, PUT, DELETE): the whole
 * list, the member's limit and the user.
 */
export type PhotosAnswer = { photos: OwnPhoto[]; limit: number; user: User };

/** POST /api/operator/photo.php {id, status}: an operator decides on a photo under inspection. */
export const photoDecisionInput = photoId.extend({ status: z.enum(['active', 'removed']) });
export type PhotoDecisionAnswer = z.infer<typeof photoDecisionInput>;
