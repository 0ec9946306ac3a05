import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MemberAnswer, MemberProfile } from '../../../../worker/contracts/profiles';
import { updateLikes } from '../../../lib/calls/get-likes';
import { likeSeen } from '../../../lib/likes';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/member.php?id=: 404 not_found_generic when absent, deleted, elsewhere or blocking me. */
export const getMember = (id: string) => api.get(`/api/member.php?id=${encodeURIComponent(id)}`).then(dataOf);

export const memberQueryKey = (id: string) => ['member', id] as const;

/**
 * Loaded on every visit of a profile (gcTime 0), as it may have changed. The server clears the
 * member's new-like flag for me on this call: so do the likes held here (spec section 4).
 */
export const getMemberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberQueryKey(id),
    queryFn: async ({ client }) => {
      const answer = await getMember(id);
      await updateLikes(client, likeSeen(answer.profile.id));
      return answer;
    },
    gcTime: 0,
  });

export const useMember = (id: string) => useQuery(getMemberQueryOptions(id));

/** After a like or a block: the profile shown (whatever its URL's id) as the server now has it. */
export function updateMember(client: QueryClient, id: number, change: Partial<Pick<MemberProfile, 'liked' | 'blocked'>>) {
  client.setQueriesData<MemberAnswer>({ queryKey: ['member'] }, (answer) =>
    answer?.profile.id === id ? { profile: { ...answer.profile, ...change } } : answer,
  );
}
