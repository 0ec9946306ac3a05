// Builds worker/features/geocode/cities.gen.txt (JSON, imported as text and parsed on first use), the offline reverse-geocoding data, from the
// country-state-city package: for each supported country, one city per ~5 km grid cell, as
// [name, lat·1000, lon·1000, stateCode]. Run `npm run gen:cities` after upgrading the package.
import { writeFileSync } from 'node:fs';
import { City } from 'country-state-city';
import { COUNTRIES } from '../tenants/schema';

const out: Record<string, [string, number, number, string][]> = {};
let total = 0;
for (const country of COUNTRIES) {
  const seen = new Set<string>();
  out[country] = [];
  for (const city of City.getCitiesOfCountry(country) ?? []) {
    const lat = Math.round(Number(city.latitude) * 1000);
    const lon = Math.round(Number(city.longitude) * 1000);
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    const cell = `${Math.round(lat / 50)}:${Math.round(lon / 50)}`;
    if (seen.has(cell)) continue;
    seen.add(cell);
    out[country]!.push([city.name, lat, lon, city.stateCode]);
  }
  total += out[country]!.length;
}
// Places just across the borders, as markers: nearest to one of these means "not supported".
const NEIGHBOURS = ['LU', 'CZ', 'SK', 'HU', 'SI', 'HR', 'LI', 'MC', 'AD', 'PT', 'SM', 'VA', 'MX', 'BY', 'UA', 'LT', 'RU'];
const outside: [number, number][] = [];
for (const country of NEIGHBOURS) {
  const seen = new Set<string>();
  for (const city of City.getCitiesOfCountry(country) ?? []) {
    const lat = Math.round(Number(city.latitude) * 1000);
    const lon = Math.round(Number(city.longitude) * 1000);
    const cell = `${Math.round(lat / 100)}:${Math.round(lon / 100)}`;
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || seen.has(cell)) continue;
    seen.add(cell);
    outside.push([lat, lon]);
  }
}
writeFileSync('worker/features/geocode/cities.gen.txt', JSON.stringify({ places: out, outside }));
console.log(`cities: ${total} for ${COUNTRIES.length} countries, ${outside.length} border markers`);
