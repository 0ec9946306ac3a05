import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppealAnswer } from '../../../../worker/contracts/reports';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/appeal.php?token=: the decision a ban's appeal link names, and its appeal once filed (logged out; 400 appeal_link_invalid, 410 appeal_link_expired). */
export const getAppeal = (token: string) => api.get(`/api/appeal.php?token=${encodeURIComponent(token)}`).then(dataOf);
const appealKey = (token: string) => ['appeal', token] as const;
export const useAppeal = (token: string) => useQuery({ queryKey: appealKey(token), queryFn: () => getAppeal(token), retry: false });

/** POST /api/appeal.php {token, text}: files that decision's appeal (once: 409 appeal_exists). */
export function useFileAppeal(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.post('/api/appeal.php', { token, text }).then(dataOf),
    onSuccess: ({ complaint }) =>
      // the filed appeal shows beside the form's confirmation; a new load answers it as no longer appealable
      client.setQueryData<AppealAnswer>(appealKey(token), (old) => old && { ...old, appeal: complaint }),
  });
}
