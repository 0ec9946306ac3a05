import { apiRequest, type ApiResult } from '../request';

export type Region = { code: string; name: string };
const cache = new Map<string, Promise<ApiResult<{ regions: Record<string, Region[]> }>>>();

/** GET /api/regions.php?country=XX, once per country. */
export async function loadRegions(country: string): Promise<Region[]> {
  let call = cache.get(country);
  if (!call) cache.set(country, (call = apiRequest(`/api/regions.php?country=${encodeURIComponent(country)}`)));
  const res = await call;
  if (!res.ok) cache.delete(country);
  return res.ok ? (res.data.regions[country] ?? []) : [];
}
