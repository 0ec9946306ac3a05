import type { Settings } from '../../lib/boot';
import type { User } from '../../lib/user';
import type { SearchFilters } from './api/members';

/** Whom a member looks for: the opposite gender, the same when gay or lesbian, anyone when bi. */
export function wantedGender(profile: Pick<User['profile'], 'gender' | 'sexuality'>): string {
  if (profile.sexuality === 'bi') return '';
  if (profile.sexuality === 'gay' || profile.sexuality === 'lesbian') return profile.gender;
  return profile.gender === 'male' ? 'female' : 'male';
}

/** The first search: whom the member looks for in their own country, every age; a visitor sees women (the main site's audience). */
export function defaultFilters(user: User | null, settings: Pick<Settings, 'geoip_selected_country' | 'min_age' | 'search_fields'>): SearchFilters {
  return {
    gender: user ? wantedGender(user.profile) : 'female',
    country: user?.profile.country ?? settings.geoip_selected_country,
    region: '',
    min_age: String(settings.min_age),
    max_age: '99',
    ...Object.fromEntries(settings.search_fields.map((field) => [field, ''])),
  };
}
