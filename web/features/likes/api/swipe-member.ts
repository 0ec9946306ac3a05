import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SwipeAnswer, SwipeInput } from '../../../../worker/contracts/likes';
import type { MemberCard } from '../../../../worker/contracts/profiles';
import { refreshLikes, updateLikes } from '../../../lib/calls/get-likes';
import { likeChanged } from '../../../lib/likes';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';
import { swipeQueryKey } from './get-swipe';

export type SwipeAction = SwipeInput['action'];

/** POST /api/swipe.php {id, action}: 429 swipe_limit when the day's likes are used up (passing still works). */
export const swipeMember = (input: SwipeInput) => api.post('/api/swipe.php', input).then(dataOf);

const setSwipe = (client: QueryClient, change: Partial<SwipeAnswer>) =>
  client.setQueryData(swipeQueryKey, (game: SwipeAnswer | undefined) => game && { ...game, ...change });

/** A swipe: the game moves to the next profile; a like joins the likes, a match loads them again. */
export function useSwipeMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, action }: { card: MemberCard; action: SwipeAction }) => swipeMember({ id: card.id, action }),
    onSuccess: async (answer, { card }) => {
      setSwipe(client, { profile: answer.next, likes_left: answer.likes_left });
      if (answer.liked) await updateLikes(client, likeChanged(card, true));
      if (answer.match) void refreshLikes(client);
    },
    onError: (failure) => {
      if (failure.status === 429) setSwipe(client, { likes_left: 0 });
    },
  });
}
