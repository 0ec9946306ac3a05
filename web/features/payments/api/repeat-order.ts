import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { RepeatOrderInput } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/repeat-order.php: the saved mandate and the last package (loaded on every visit). */
export const getRepeatOrder = () => api.get('/api/repeat-order.php').then(dataOf);
export const repeatOrderQueryOptions = () => queryOptions({ queryKey: ['repeat-order'], queryFn: getRepeatOrder, staleTime: 0, gcTime: 0 });
export const useRepeatOrder = () => useQuery(repeatOrderQueryOptions());

/** POST /api/repeat-order.php {package}: paid with the mandate in one step; 403 premium_required, 404 no_mandate. */
export const startRepeatOrder = (input: RepeatOrderInput) => api.post('/api/repeat-order.php', input).then(dataOf);
export const useStartRepeatOrder = () => useMutation({ mutationFn: startRepeatOrder });
