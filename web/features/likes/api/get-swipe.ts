import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/swipe.php: the next profile of the game (null when there is nobody left) and the likes left today. */
export const getSwipe = () => api.get('/api/swipe.php').then(dataOf);

export const swipeQueryKey = ['swipe'] as const;

/** Loaded on every visit of the game (gcTime 0); each swipe's answer then names the next profile. */
export const getSwipeQueryOptions = () => queryOptions({ queryKey: swipeQueryKey, queryFn: getSwipe, gcTime: 0 });

export const useSwipe = () => useQuery(getSwipeQueryOptions());
