import { apiRequest } from '../request';
import type { User } from '../user';

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
/** Every photo call answers with the whole list, the member's limit (3 free, 25 premium) and the user. */
export type PhotosAnswer = { photos: OwnPhoto[]; limit: number; user: User };

/** GET /api/photos.php: the member's own photos, pending ones included. */
export const loadPhotos = () => apiRequest<PhotosAnswer>('/api/photos.php');

/** POST /api/photo.php (multipart, field photo): 201; 400 invalid_photo, photo_dimensions or photo_limit. */
export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('photo', file);
  return apiRequest<PhotosAnswer>('/api/photo.php', { method: 'POST', body });
}

/** PUT /api/photo.php {id, main: true}: makes it the profile photo. */
export const chooseMainPhoto = (id: string) => apiRequest<PhotosAnswer>('/api/photo.php', { method: 'PUT', body: { id, main: true } });

/** DELETE /api/photo.php {id}. */
export const deletePhoto = (id: string) => apiRequest<PhotosAnswer>('/api/photo.php', { method: 'DELETE', body: { id } });
