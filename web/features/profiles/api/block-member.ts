import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateChats } from '../../../lib/calls/get-chats';
import { updateLikes } from '../../../lib/calls/get-likes';
import { chatsWithout } from '../../../lib/chats';
import { withoutMember } from '../../../lib/likes';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';
import { updateMember } from './get-member';
import { searchQueryKey } from './search-members';

/** POST /api/block.php {id} blocks, DELETE unblocks; both hide the two members from each other. */
export const blockMember = (id: number, blocked: boolean) =>
  (blocked ? api.post('/api/block.php', { id }) : api.delete('/api/block.php', { id })).then(dataOf);

/**
 * Block or unblock: the search results held are wrong now and are loaded again (same filters and
 * page); a blocked member disappears from the likes and the chats at once.
 */
export function useBlockMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, blocked }: { id: number; blocked: boolean }) => blockMember(id, blocked),
    onSuccess: async (answer, { id }) => {
      client.removeQueries({ queryKey: searchQueryKey });
      updateMember(client, id, { blocked: answer.blocked });
      if (answer.blocked) await Promise.all([updateLikes(client, withoutMember(id)), updateChats(client, chatsWithout({ profile: id }))]);
    },
  });
}
