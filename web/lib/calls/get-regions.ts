import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Region } from '../../../worker/contracts/site';
import { dataOf } from '../query-client';
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
