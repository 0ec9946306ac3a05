import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deletePhotoInput } from '../../../../worker/contracts/photos';
import { storePhotos } from '../../../lib/calls/get-photos';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** DELETE /api/photo.php {id}. */
export const deletePhoto = (id: string) => api.delete('/api/photo.php', { id } satisfies z.input<typeof deletePhotoInput>).then(dataOf);

export function useDeletePhoto() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deletePhoto, onSuccess: (answer) => storePhotos(client, answer) });
}
