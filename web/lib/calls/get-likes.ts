import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { LikesAnswer } from '../../../worker/contracts/likes';
import { deriveLikes } from '../likes';
import { dataOf } from '../query-client';
import { apiRequest } from '../request';

/** Spec section 9: data refresh every 60 s (the app's member sync starts it). */
export const LIKES_REFRESH_MS = 60_000;

/** GET /api/likes.php (spec section 3, "Likes response"). */
export const getLikes = ({ background }: { background: boolean }) => apiRequest<LikesAnswer>('/api/likes.php', { background }).then(dataOf);

export const likesQueryKey = ['likes'] as const;

/** Spec section 7: the first load moves the progress bar; refreshes run in the background. */
export const getLikesQueryOptions = () =>
  queryOptions({
    queryKey: likesQueryKey,
    queryFn: ({ client }) => getLikes({ background: client.getQueryData(likesQueryKey) !== undefined }),
  });

type Options = { enabled?: boolean; refetchInterval?: number | false };

/**
 * This member's likes, derived (deriveLikes); loaded on first use and kept. `enabled: false`
 * only reads what is there (the navigation badge loads nothing itself).
 */
export const useLikes = (options: Options = {}) =>
  useQuery({ ...getLikesQueryOptions(), select: deriveLikes, refetchIntervalInBackground: true, ...options });

/** Loads the likes again now, whatever the cache holds (the first refresh, after the like overlay, after a match). */
export const refreshLikes = (client: QueryClient) =>
  client.fetchQuery({ ...getLikesQueryOptions(), staleTime: 0 }).then(
    () => true,
    () => false,
  );

/**
 * A local change (a like, a block, an opened profile): shown at once, and not undone by a
 * refresh that was under way, which is cancelled first; the next refresh brings the server's
 * state. Without loaded likes there is nothing to change.
 */
export async function updateLikes(client: QueryClient, edit: (data: LikesAnswer) => LikesAnswer) {
  if (client.getQueryData(likesQueryKey) === undefined) return;
  await client.cancelQueries({ queryKey: likesQueryKey });
  client.setQueryData(likesQueryKey, (data: LikesAnswer | undefined) => data && edit(data));
}
