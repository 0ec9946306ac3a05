import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatsAnswer } from '../../../worker/contracts/chat';
import { deriveChats, type ChatsData } from '../chats';
import { dataOf } from '../query-client';
import { api } from '../request';

/** Spec section 9: data refresh every 60 s (the app's member sync starts it). */
export const CHATS_REFRESH_MS = 60_000;

/** GET /api/chats.php[?before=CURSOR]: spec section 3's chat list items, newest activity first, CHATS_PAGE a page after the cursor. */
export const getChats = (before: string | null, { background }: { background: boolean }) =>
  api.get(before === null ? '/api/chats.php' : `/api/chats.php?before=${encodeURIComponent(before)}`, { background }).then(dataOf);

export const chatsQueryKey = ['chats'] as const;

/**
 * One infinite query: the pages loaded so far (a refresh loads them all again, in order).
 * Spec section 7: the first load moves the progress bar; refreshes and further pages run in the background.
 */
export const getChatsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatsQueryKey,
    queryFn: ({ client, pageParam }) => getChats(pageParam, { background: client.getQueryData(chatsQueryKey) !== undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ChatsAnswer) => last.next ?? undefined,
  });

type Options = { enabled?: boolean; refetchInterval?: number | false };

/**
 * The member's conversations, derived (deriveChats); loaded on first use and kept. `enabled: false`
 * only reads what is there (the navigation badge loads nothing itself).
 */
export const useChats = (options: Options = {}) =>
  useInfiniteQuery({ ...getChatsQueryOptions(), select: deriveChats, refetchIntervalInBackground: true, ...options });

/** Loads the chats again now, whatever the cache holds (the first refresh, after a failed delete). */
export const refreshChats = (client: QueryClient) =>
  client.fetchInfiniteQuery({ ...getChatsQueryOptions(), staleTime: 0 }).then(
    () => true,
    () => false,
  );

/**
 * A local change (a read, a delete, a send, a block): shown at once, and not undone by a refresh
 * that was under way, which is cancelled first. Without loaded chats, or without a change, nothing happens.
 */
export async function updateChats(client: QueryClient, edit: (data: ChatsData) => ChatsData) {
  const held = client.getQueryData<ChatsData>(chatsQueryKey);
  if (held === undefined || edit(held) === held) return;
  await client.cancelQueries({ queryKey: chatsQueryKey });
  client.setQueryData<ChatsData>(chatsQueryKey, (data) => data && edit(data));
}
