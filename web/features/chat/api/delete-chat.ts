import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteChatInput, MessagesAnswer } from '../../../../worker/contracts/chat';
import { refreshChats, updateChats } from '../../../lib/calls/get-chats';
import { chatsWithout } from '../../../lib/chats';
import { useT } from '../../../lib/i18n';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** DELETE /api/chat.php {conversation} or {profile}: hides the conversation(s) for me only. */
export const deleteChat = (input: DeleteChatInput) => api.delete('/api/chat.php', input).then(dataOf);

/**
 * Spec section 4: the chat disappears locally at once and the delete is sent; on failure a browser
 * alert shows the error and the chats load again. Conversations held and not on screen are dropped.
 */
export function useDeleteChat() {
  const client = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: deleteChat,
    onMutate: async (input) => {
      await updateChats(client, chatsWithout(input));
      client.removeQueries({
        queryKey: ['messages'],
        predicate: (query) => {
          const held = query.state.data as MessagesAnswer | undefined;
          const match = 'conversation' in input ? held?.conversation === input.conversation : held?.other.id === input.profile;
          return match && query.getObserversCount() === 0;
        },
      });
    },
    onError: (failure) => {
      if (!failure.silent) window.alert(failure.message || t('errors.generic'));
      void refreshChats(client);
    },
  });
}
