import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/auto-like.php: a profile with a new like for me (an automatic one first), or null; a background call. */
export const getAutoLike = () => api.get('/api/auto-like.php', { background: true }).then(dataOf);

/** Asked again each time the like overlay opens without a profile (gcTime 0). */
export const getAutoLikeQueryOptions = () => queryOptions({ queryKey: ['auto-like'], queryFn: getAutoLike, gcTime: 0 });

export const useAutoLike = ({ enabled }: { enabled: boolean }) => useQuery({ ...getAutoLikeQueryOptions(), enabled });
