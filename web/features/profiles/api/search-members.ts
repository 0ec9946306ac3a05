import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchPath, type SearchFilters } from '../../../../worker/contracts/first-search';
import type { SearchAnswer } from '../../../../worker/contracts/profiles';
import { takePreloaded } from '../../../lib/preloaded-fetch';
import { dataOf } from '../../../lib/query-client';
import { apiRequest } from '../../../lib/request';

export type { SearchFilters };

/**
 * GET /api/members.php: 20 cards a page; on page 1 `similar` (same gender and country) when few
 * match. A visitor's traffic source travels in a cookie the worker set on arrival.
 */
export async function searchMembers(filters: SearchFilters, page: number) {
  const path = searchPath(filters, page);
  // the members page's first search: the page's preload hint fetched it alongside the scripts (worker/features/shell)
  return (await takePreloaded<SearchAnswer>(path)) ?? apiRequest<SearchAnswer>(path).then(dataOf);
}

export const searchQueryKey = ['members'] as const;

/** One answer per filters and page, kept: coming back from a profile shows the list at once (spec section 3, "Search state"). */
export const searchMembersQueryOptions = (filters: SearchFilters, page: number) =>
  queryOptions({ queryKey: [...searchQueryKey, filters, page], queryFn: () => searchMembers(filters, page) });

export const useSearchMembers = (filters: SearchFilters, page: number) => useQuery(searchMembersQueryOptions(filters, page));
