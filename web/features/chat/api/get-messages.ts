import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagesAnswer } from '../../../../worker/contracts/chat';
import { updateChats } from '../../../lib/calls/get-chats';
import { chatActive, chatRead, type ChatsData } from '../../../lib/chats';
import { liveStore } from '../../../lib/live';
import { dataOf } from '../../../lib/query-client';
import { useStore } from '../../../lib/store';
import { api } from '../../../lib/request';
import { chatItemFor, withNewest, withOlder, type ChatTarget } from '../chat.rules';

/** Without a live connection the open conversation loads its newest page again every 10 s while the tab is visible. */
export const MESSAGES_REFRESH_MS = 10_000;

/**
 * GET /api/messages.php?conversation=ID[&before=MSGID] or ?profile=MEMBERID: MESSAGES_PAGE a page,
 * newest first; the newest page marks the conversation read. By profile without a conversation
 * yet: conversation null, no messages. 404 not_found_generic (blocked, deleted, not mine).
 */
export function getMessages(target: ChatTarget, { before, background = false }: { before?: number; background?: boolean } = {}) {
  const query = new URLSearchParams(
    'conversation' in target ? { conversation: String(target.conversation) } : { profile: String(target.profile) },
  );
  if (before !== undefined) query.set('before', String(before));
  return api.get(`/api/messages.php?${query}`, { background }).then(dataOf);
}

/** ['messages', {conversation}] or ['messages', {profile}]: both may hold the same conversation. */
export const messagesQueryKey = (target: ChatTarget) => ['messages', target] as const;

/**
 * The newest page, merged into what is held (withNewest). The server reads the conversation on it:
 * so do the chats held (spec section 4), and the list item gets its newest message. Shown from the
 * cache on a return (kept 5 minutes) while the newest page loads again (staleTime 0).
 */
export const getMessagesQueryOptions = (target: ChatTarget) =>
  queryOptions({
    queryKey: messagesQueryKey(target),
    queryFn: async ({ client, queryKey }) => {
      const fresh = await getMessages(target, { background: client.getQueryData(queryKey) !== undefined });
      const newest = fresh.messages[0];
      const conversation = fresh.conversation;
      if (conversation !== null) {
        const active = newest ? chatActive(chatItemFor(conversation, fresh.other, newest), false) : (d: ChatsData) => d;
        await updateChats(client, (d) => active(chatRead(conversation)(d)));
      }
      return withNewest(client.getQueryData<MessagesAnswer>(queryKey), fresh);
    },
    staleTime: 0,
    gcTime: 5 * 60_000,
  });

export function useMessages(target: ChatTarget) {
  const live = useStore(liveStore) === 'open';
  return useQuery({
    ...getMessagesQueryOptions(target),
    refetchInterval: live ? false : MESSAGES_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

/** "Load earlier": the page before the oldest message held (keyset `before`). */
export function useLoadEarlier(target: ChatTarget) {
  const client = useQueryClient();
  const key = messagesQueryKey(target);
  return useMutation({
    mutationFn: () => getMessages(target, { before: client.getQueryData<MessagesAnswer>(key)?.messages.at(-1)?.id }),
    onSuccess: (page) => client.setQueryData<MessagesAnswer>(key, (held) => held && withOlder(held, page)),
  });
}
