import type { User } from '../../../worker/contracts/account';
import type { Settings } from '../../../worker/contracts/site';
import type { SearchFilters } from './api/search-members';

/** Whom a member looks for: the opposite gender, the same when gay or lesbian, anyone when bi. */
export function wantedGender(profile: Pick<User['profile'], 'gender' | 'sexuality'>): string {
  if (profile.sexuality === 'bi') return '';
  if (profile.sexuality === 'gay' || profile.sexuality === 'lesbian') return profile.gender;
  return profile.gender === 'male' ? 'female' : 'male';
}

/** Niches whose members are men (6 older men, 7 gay): a visitor sees men there, women elsewhere. */
const MEN_NICHES = [6, 7];

/**
 * The first search: whom the member looks for in their own country (if this site serves it,
 * else the visitor's), every age.
 */
export function defaultFilters(
  user: User | null,
  settings: Pick<Settings, 'geoip_selected_country' | 'min_age' | 'search_fields' | 'niche' | 'countries'>,
): SearchFilters {
  const own = user?.profile.country;
  const served = own && settings.countries.some((c) => c.code === own) ? own : settings.geoip_selected_country;
  return {
    gender: user ? wantedGender(user.profile) : MEN_NICHES.includes(settings.niche) ? 'male' : 'female',
    country: served,
    region: '',
    min_age: String(settings.min_age),
    max_age: '99',
    ...Object.fromEntries(settings.search_fields.map((field) => [field, ''])),
  };
}
