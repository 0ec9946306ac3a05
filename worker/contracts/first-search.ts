/**
 * The members page's first search (/members), shared by the web (its first filters, its call's
 * address) and the worker's app shell, which names that call in a preload hint of the member's
 * page (worker/features/shell): the browser fetches the answer alongside the page's scripts, and
 * the page's own request (the same address) takes it. Plain code: the web imports its values.
 */
import type { User } from './account';
import { wantedGender } from './niches';
import type { Settings } from './site';

/** gender, country, region, min_age, max_age and the site's search_fields; '' means any. */
export type SearchFilters = Record<string, string>;

/**
 * The first search: whom the member looks for on this site's niche (men on the gay and older
 * men's sites, else by sexuality; `niches.ts`, the swipe game's rule too) in their own country
 * (if this site serves it, else the visitor's), every age.
 */
export function defaultFilters(
  user: Pick<User, 'profile'> | null,
  settings: Pick<Settings, 'geoip_selected_country' | 'min_age' | 'search_fields' | 'niche' | 'countries'>,
): SearchFilters {
  const own = user?.profile.country;
  const served = own && settings.countries.some((c) => c.code === own) ? own : settings.geoip_selected_country;
  return {
    gender: wantedGender(settings.niche, user ? user.profile : null) ?? '',
    country: served,
    region: '',
    min_age: String(settings.min_age),
    max_age: '99',
    ...Object.fromEntries(settings.search_fields.map((field) => [field, ''])),
  };
}

/** GET /api/members.php's address for these filters and page (empty filters left out). */
export function searchPath(filters: SearchFilters, page: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  query.set('page', String(page));
  return `/api/members.php?${query}`;
}
