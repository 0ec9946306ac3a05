import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import type { ChatProfile, MessagesAnswer, SendImageInput, SendInput } from '../../../../worker/contracts/chat';
import { refreshChats, updateChats } from '../../../lib/calls/get-chats';
import { chatActive } from '../../../lib/chats';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';
import { sessionStore, setUser } from '../../../lib/user';
import { chatItemFor, withSent } from '../chat.rules';

/**
 * POST /api/message.php: a text, a gift or (multipart) a photo, 201 with the message and my balances after it.
 * 402 insufficient_credits, 403 free_conversation_limit, 400 message_empty / message_too_long,
 * 404 not_found_generic, 429 too_many_messages. The same client_id again (a retry) is the same
 * message with the same answer, charged once.
 */
export function sendMessage(input: SendInput | SendImageInput) {
  if (input.kind !== 'image') return api.post('/api/message.php', input).then(dataOf);
  // a photo goes as multipart (403 premium_required for a free member, 400 invalid_photo / photo_dimensions)
  const body = new FormData();
  body.append('to', String(input.to));
  body.append('kind', 'image');
  body.append('client_id', input.client_id);
  body.append('image', input.image);
  return api.post('/api/message.php', body).then(dataOf);
}

/** The conversation with the recipient, whichever way it was opened. */
const withRecipient = (to: number) => (query: Query) => (query.state.data as MessagesAnswer | undefined)?.other.id === to;

/**
 * A send: on success the message joins the conversation held (a refresh under way is cancelled
 * first), the conversation goes to the top of the chats, and the session's user gets the balances
 * of the answer (credits, free messages and conversations left).
 */
export function useSendMessage(other: ChatProfile) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: async (answer, input) => {
      const predicate = withRecipient(input.to);
      await client.cancelQueries({ queryKey: ['messages'], predicate });
      client.setQueriesData<MessagesAnswer>(
        { queryKey: ['messages'], predicate },
        (held) => held && withSent(held, answer.conversation, answer.message),
      );
      const { user } = sessionStore.get();
      if (user)
        setUser({
          ...user,
          credits: answer.credits,
          free_messages_left: answer.free_messages_left,
          free_conversations_left: answer.free_conversations_left,
        });
      await updateChats(client, chatActive(chatItemFor(answer.conversation, other, answer.message)));
    },
    onError: (failure) => {
      // blocked or gone meanwhile: the list shows the server's state again
      if (failure.status === 404) void refreshChats(client);
    },
  });
}
