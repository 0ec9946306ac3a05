import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/packages.php (public): this site's packages for the buyer's country, and the ways to pay there. */
export const getPackages = () => api.get('/api/packages.php').then(dataOf);

/** Kept for the session, per member (the cache empties on a login or logout, and the country follows the member). */
export const packagesQueryOptions = () => queryOptions({ queryKey: ['packages'], queryFn: getPackages });
export const usePackages = () => useQuery(packagesQueryOptions());
