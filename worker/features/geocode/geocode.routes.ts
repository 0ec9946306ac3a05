import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { limitRequest } from '../../middleware/client';
import { validate } from '../../middleware/validate';
import { geocodeQuery, type GeocodeAnswer } from '../../contracts/site';
import { isRegionOf } from '../../lib/regions';
import citiesText from './cities.gen.txt';

/** Farther than this from any known place counts as "not in a supported country". */
export const MAX_DISTANCE_KM = 50;
type Place = [name: string, lat: number, lon: number, state: string];

// Imported as text and parsed on the first call, so no other request pays for it.
type Data = { places: Record<string, Place[]>; outside: [lat: number, lon: number][] };
let data: Data | null = null;
const load = () => (data ??= JSON.parse(citiesText) as Data);

/** The nearest known place (offline data, see scripts/gen-cities.ts) within MAX_DISTANCE_KM. */
export function reverseGeocode(lat: number, lon: number): GeocodeAnswer {
  let best: { country: string; place: Place; d2: number } | null = null;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  const { places, outside } = load();
  for (const [country, list] of Object.entries(places)) {
    for (const place of list) {
      const dy = place[1] / 1000 - lat;
      const dx = (place[2] / 1000 - lon) * cosLat;
      const d2 = dx * dx + dy * dy;
      if (!best || d2 < best.d2) best = { country, place, d2 };
    }
  }
  if (!best || Math.sqrt(best.d2) * 111.2 > MAX_DISTANCE_KM) return false;
  // Closer to a place across the border than to any supported one: not in a supported country.
  for (const [y, x] of outside) {
    const dy = y / 1000 - lat;
    const dx = (x / 1000 - lon) * cosLat;
    if (dx * dx + dy * dy < best.d2) return false;
  }
  const region = `${best.country}-${best.place[3]}`;
  return {
    country: best.country,
    region: isRegionOf(best.country, region) ? region : null,
    city: best.place[0],
  };
}

export const geocodeRoutes = new Hono<AppEnv>().get('/geocode.php', validate('query', geocodeQuery), async (c) => {
  const { lat, lon } = c.req.valid('query');
  // each lookup scans the whole table: limited per client (README, "Limits per client")
  await limitRequest(c, 'geocode');
  c.header('Cache-Control', 'public, max-age=86400');
  return c.json(reverseGeocode(lat, lon), 200);
});
