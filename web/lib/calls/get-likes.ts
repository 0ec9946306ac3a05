import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { LikesAnswer } from '../../../worker/contracts/likes';
import { deriveLikes, type LikesData, type LikesPageParam } from '../likes';
import { dataOf } from '../query-client';
import { api } from '../request';

/** Spec section 9: data refresh every 60 s (the app's member sync starts it). */
export const LIKES_REFRESH_MS = 60_000;

/** GET /api/likes.php (spec section 3, "Likes response"): the first page of both lists, or the next page of the lists a cursor names. */
export const getLikes = (param: LikesPageParam, { background }: { background: boolean }) => {
  const query = new URLSearchParams();
  if (param?.liked_by) query.set('liked_by_after', param.liked_by);
  if (param?.liked) query.set('liked_after', param.liked);
  const search = query.toString();
  return api.get(search ? `/api/likes.php?${search}` : '/api/likes.php', { background }).then(dataOf);
};

export const likesQueryKey = ['likes'] as const;

/**
 * One infinite query: each further page goes on with every list that has more (a refresh loads
 * the pages held again, in order). Spec section 7: the first load moves the progress bar;
 * refreshes and further pages run in the background.
 */
export const getLikesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: likesQueryKey,
    queryFn: ({ client, pageParam }) => getLikes(pageParam, { background: client.getQueryData(likesQueryKey) !== undefined }),
    initialPageParam: null as LikesPageParam,
    getNextPageParam: (last: LikesAnswer): LikesPageParam | undefined =>
      last.liked_by_next || last.liked_next ? { liked_by: last.liked_by_next, liked: last.liked_next } : undefined,
  });

type Options = { enabled?: boolean; refetchInterval?: number | false };

/**
 * This member's likes, derived (deriveLikes); loaded on first use and kept. `enabled: false`
 * only reads what is there (the navigation badge loads nothing itself).
 */
export const useLikes = (options: Options = {}) =>
  useInfiniteQuery({ ...getLikesQueryOptions(), select: deriveLikes, refetchIntervalInBackground: true, ...options });

/** Loads the likes again now, whatever the cache holds (the first refresh, after the like overlay, after a match). */
export const refreshLikes = (client: QueryClient) =>
  client.fetchInfiniteQuery({ ...getLikesQueryOptions(), staleTime: 0 }).then(
    () => true,
    () => false,
  );

/**
 * A local change (a like, a block, an opened profile): shown at once, and not undone by a
 * refresh that was under way, which is cancelled first; the next refresh brings the server's
 * state. Without loaded likes there is nothing to change.
 */
export async function updateLikes(client: QueryClient, edit: (data: LikesData) => LikesData) {
  if (client.getQueryData(likesQueryKey) === undefined) return;
  await client.cancelQueries({ queryKey: likesQueryKey });
  client.setQueryData<LikesData>(likesQueryKey, (data) => data && edit(data));
}
