import { apiRequest } from '../../../lib/request';
import type { User } from '../../../lib/user';

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/** POST /api/photo.php (multipart, field photo): 201 {user} with main_image pending; 400 invalid_photo. */
export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('photo', file);
  return apiRequest<{ user: User }>('/api/photo.php', { method: 'POST', body });
}
