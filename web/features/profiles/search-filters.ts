import type { User } from '../../../worker/contracts/account';
import { wantedGender } from '../../../worker/contracts/niches';
import type { Settings } from '../../../worker/contracts/site';
import type { SearchFilters } from './api/search-members';

/**
 * The first search: whom the member looks for on this site's niche (men on the gay and older
 * men's sites, else by sexuality; `worker/contracts/niches.ts`, the swipe game's rule too) in
 * their own country (if this site serves it, else the visitor's), every age.
 */
export function defaultFilters(
  user: User | null,
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
