import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsInput } from '../../../../worker/contracts/notifications';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

export const notificationsQueryKey = ['notifications'] as const;

/** GET /api/notifications.php: every choice per type and channel, invisible mode, and why mail is off (loaded on every visit). */
export const getNotifications = () => api.get('/api/notifications.php').then(dataOf);
export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsQueryKey, queryFn: getNotifications, staleTime: 0 });
export const useNotifications = () => useQuery(notificationsQueryOptions());

/** PUT /api/notifications.php: saves what is given; the answer is the whole state again. 403 premium_required for invisible mode without premium. */
export const saveNotifications = (input: NotificationsInput) => api.put('/api/notifications.php', input).then(dataOf);
export function useSaveNotifications() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveNotifications, onSuccess: (data) => client.setQueryData(notificationsQueryKey, data) });
}

/** POST /api/reconfirm.php: mails a link to the current address; following it switches mail on again. */
export const requestReconfirm = () => api.post('/api/reconfirm.php', {}).then(dataOf);
export const useReconfirm = () => useMutation({ mutationFn: requestReconfirm });
