import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '../../../../worker/contracts/profiles';
import { dataOf } from '../../../lib/query-client';
import { apiRequest } from '../../../lib/request';

/** gender, country, region, min_age, max_age and the site's search_fields; '' means any. */
export type SearchFilters = Record<string, string>;

/**
 * GET /api/members.php: 20 cards a page; on page 1 `similar` (same gender and country) when few
 * match. A visitor's traffic source travels in a cookie the worker set on arrival.
 */
export function searchMembers(filters: SearchFilters, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  query.set('page', String(page));
  return apiRequest<SearchAnswer>(`/api/members.php?${query}`).then(dataOf);
}

export const searchQueryKey = ['members'] as const;

/** One answer per filters and page, kept: coming back from a profile shows the list at once (spec section 3, "Search state"). */
export const searchMembersQueryOptions = (filters: SearchFilters, page: number) =>
  queryOptions({ queryKey: [...searchQueryKey, filters, page], queryFn: () => searchMembers(filters, page) });

export const useSearchMembers = (filters: SearchFilters, page: number) => useQuery(searchMembersQueryOptions(filters, page));
