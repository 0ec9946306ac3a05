import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PhotosAnswer } from '../../../worker/contracts/photos';
import { dataOf } from '../query-client';
import { api } from '../request';
import { setUser } from '../user';

export const photosQueryKey = ['photos'] as const;

/** GET /api/photos.php: the member's own photos, pending ones included, the limit and the user. */
export async function getPhotos() {
  const answer = dataOf(await api.get('/api/photos.php'));
  setUser(answer.user);
  return answer;
}

/** Loaded on every visit of /profile (gcTime 0): an operator may have approved a photo meanwhile. */
export const getPhotosQueryOptions = () => queryOptions({ queryKey: photosQueryKey, queryFn: getPhotos, gcTime: 0 });

export const usePhotos = () => useQuery(getPhotosQueryOptions());

/** Every photo change answers with the whole list and the user: the list shown and the session take them as they are. */
export function storePhotos(client: QueryClient, answer: PhotosAnswer) {
  client.setQueriesData({ queryKey: photosQueryKey }, answer);
  setUser(answer.user);
}
