import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region, RegionsOfCountry } from '../../../worker/contracts/site';
import { REGIONS_ANSWER_ID } from '../../../worker/contracts/site.values';
import { dataOf, queryClient } from '../query-client';
import { api } from '../request';

/** GET /api/regions.php?country=XX: the regions of one country. */
export const getRegions = (country: string) =>
  api
    .get(`/api/regions.php?country=${encodeURIComponent(country)}`)
    .then(dataOf)
    .then((answer) => answer.regions[country] ?? []);

/** Loaded once per country (spec section 7). */
export const getRegionsQueryOptions = (country: string) =>
  queryOptions({ queryKey: ['regions', country], queryFn: () => getRegions(country) });

/** The regions of a country; null while loading, [] without a country or when the call failed (tried again on the next use). */
export function useRegions(country: string): Region[] | null {
  const regions = useQuery({ ...getRegionsQueryOptions(country), enabled: country !== '' });
  if (country === '' || regions.isError) return [];
  return regions.data ?? null;
}

/**
 * A member's /members the worker rendered carries the regions of its first search's country (worker/features/shell),
 * with which it rendered the search form: the app's hydration finds them in its cache, as the worker's render did, and
 * asks for nothing (subscribing to a query that then starts a fetch made React render its readers again synchronously,
 * in the take-over's long task: issue 32 §2).
 */
export function seedRegions() {
  const element = typeof document === 'undefined' ? null : document.getElementById(REGIONS_ANSWER_ID);
  if (!element) return;
  element.remove();
  try {
    const { country, regions } = JSON.parse(element.textContent ?? '') as RegionsOfCountry;
    if (typeof country === 'string' && Array.isArray(regions)) queryClient.setQueryData(getRegionsQueryOptions(country).queryKey, regions);
  } catch {
    /* not an answer: the form asks the worker as usual */
  }
}
