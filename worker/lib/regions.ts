import { COUNTRIES } from '../../tenants/schema';

export type Region = { code: string; name: string };

let byCountry: Promise<Map<string, Region[]>> | null = null;

/**
 * ISO 3166-2 style regions of every supported country (from country-region-data), built once, on
 * first use: the data (330 KB) is not read at the worker's start-up (issue 34, decision 183).
 */
export function regionsByCountry(): Promise<Map<string, Region[]>> {
  return (byCountry ??= import('country-region-data/data.json').then(({ default: data }) => {
    const map = new Map<string, Region[]>();
    for (const code of COUNTRIES) {
      const entry = data.find((c) => c.countryShortCode === code);
      const regions = (entry?.regions ?? [])
        .map((r) => ({ code: `${code}-${String(r.shortCode ?? r.name).replace(/^[A-Z]{2}-/, '')}`, name: r.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
      map.set(code, regions);
    }
    return map;
  }));
}

/** Is this one of the country's regions? */
export const isRegionOf = async (country: string, region: string) =>
  !!(await regionsByCountry()).get(country)?.some((r) => r.code === region);
