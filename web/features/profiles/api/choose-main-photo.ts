import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mainPhotoInput } from '../../../../worker/contracts/photos';
import { storePhotos } from '../../../lib/calls/get-photos';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** PUT /api/photo.php {id, main: true}: makes it the profile photo. */
export const chooseMainPhoto = (id: string) =>
  api.put('/api/photo.php', { id, main: true } satisfies z.input<typeof mainPhotoInput>).then(dataOf);

export function useChooseMainPhoto() {
  const client = useQueryClient();
  return useMutation({ mutationFn: chooseMainPhoto, onSuccess: (answer) => storePhotos(client, answer) });
}
