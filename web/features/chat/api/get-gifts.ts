import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftsAnswer } from '../../../../worker/contracts/chat';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/gifts.php: the gifts with names in my language, price and image path; loaded once. */
export const getGifts = () => api.get('/api/gifts.php', { background: true }).then(dataOf);

export const getGiftsQueryOptions = () =>
  queryOptions({ queryKey: ['gifts'], queryFn: getGifts, select: (answer: GiftsAnswer) => answer.gifts });

export const useGifts = () => useQuery(getGiftsQueryOptions());
