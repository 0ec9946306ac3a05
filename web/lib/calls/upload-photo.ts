import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataOf } from '../query-client';
import { api } from '../request';
import { storePhotos } from './get-photos';

/** POST /api/photo.php (multipart, field photo): 201; 400 invalid_photo, photo_dimensions or photo_limit. */
export function uploadPhoto(file: File) {
  const body = new FormData();
  body.append('photo', file);
  return api.post('/api/photo.php', body).then(dataOf);
}

/** The signup's photo step and /profile. */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (answer) => storePhotos(client, answer) });
}
