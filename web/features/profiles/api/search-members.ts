import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchPath, type SearchFilters } from '../../../../worker/contracts/first-search';
import type { SearchAnswer } from '../../../../worker/contracts/profiles';
import { takePreloaded } from '../../../lib/preloaded-fetch';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

export type { SearchFilters };

/**
 * GET /api/members.php: 20 cards a page; on page 1 `similar` (same gender and country) when few
 * match. A visitor's traffic source travels in a cookie the worker set on arrival.
 */
export function searchMembers(filters: SearchFilters, page: number): Promise<SearchAnswer> {
  // searchPath (worker/contracts/first-search.ts, shared with the shell's preload hint) builds a string
  const path = searchPath(filters, page) as '/api/members.php';
  const asked = () => api.get(path).then(dataOf);
  // the members page's first search: the page's preload hint fetched it alongside the scripts (worker/features/shell)
  const preloaded = takePreloaded<SearchAnswer>(path);
  return preloaded ? preloaded.then((answer) => answer ?? asked()) : asked();
}

export const searchQueryKey = ['members'] as const;

/** One answer per filters and page, kept: coming back from a profile shows the list at once (spec section 3, "Search state"). */
export const searchMembersQueryOptions = (filters: SearchFilters, page: number) =>
  queryOptions({ queryKey: [...searchQueryKey, filters, page], queryFn: () => searchMembers(filters, page) });

export const useSearchMembers = (filters: SearchFilters, page: number) => useQuery(searchMembersQueryOptions(filters, page));
