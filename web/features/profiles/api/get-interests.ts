import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Interest } from '../../../../worker/contracts/site';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/interests.php: the fixed tags with labels in the UI language. */
export const getInterests = () => api.get('/api/interests.php').then(dataOf);

/** Loaded once (spec section 7). */
export const getInterestsQueryOptions = () => queryOptions({ queryKey: ['interests'], queryFn: getInterests });

/** The interest tags; null while loading, [] when the call failed (tried again on the next use). */
export function useInterests(): Interest[] | null {
  const interests = useQuery(getInterestsQueryOptions());
  if (interests.isError) return [];
  return interests.data?.interests ?? null;
}
