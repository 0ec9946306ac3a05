import data from 'country-region-data/data.json';
import { COUNTRIES } from '../../tenants/schema';

export type Region = { code: string; name: string };

let byCountry: Map<string, Region[]> | null = null;

/** ISO 3166-2 style regions of every supported country (from country-region-data), built once. */
export function regionsByCountry(): Map<string, Region[]> {
  if (!byCountry) {
    byCountry = new Map();
    for (const code of COUNTRIES) {
      const entry = data.find((c) => c.countryShortCode === code);
      const regions = (entry?.regions ?? [])
        .map((r) => ({ code: `${code}-${String(r.shortCode ?? r.name).replace(/^[A-Z]{2}-/, '')}`, name: r.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
      byCountry.set(code, regions);
    }
  }
  return byCountry;
}

/** Is this one of the country's regions? */
export const isRegionOf = (country: string, region: string) =>
  !!regionsByCountry()
    .get(country)
    ?.some((r) => r.code === region);
