import { z } from 'zod';
import type { User } from './account';

/** Spec sections 1 and 9: free members up to 3 photos, premium members up to 25. */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** What the upload field accepts (the server checks the content, whatever the type says). */
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

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
/** DELETE /api/photo.php {id} */
export const deletePhotoInput = photoId;

/**
 * GET /api/photos.php, and every photo change (POST multipart `photo`, PUT, DELETE): the whole
 * list, the member's limit and the user.
 */
export type PhotosAnswer = { photos: OwnPhoto[]; limit: number; user: User };

/** POST /api/operator/photo.php {id, status}: an operator decides on a photo under inspection. */
export const photoDecisionInput = photoId.extend({ status: z.enum(['active', 'removed']) });
export type PhotoDecisionAnswer = z.infer<typeof photoDecisionInput>;
