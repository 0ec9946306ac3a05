import { apiRequest } from '../../../lib/request';

export type MemberCard = {
  id: number;
  name: string;
  /** null when the site does not show ages (visible_profile_fields); the same for the place. */
  age: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  fictional: boolean;
  photo_count: number;
  main_image: null | { match: string };
};
export type SearchAnswer = { results: MemberCard[]; numResults: number; page: number; pages: number; similar: MemberCard[]; similar_numResults: number };
/** gender, country, region, min_age, max_age and the site's search_fields; '' means any. */
export type SearchFilters = Record<string, string>;

/**
 * GET /api/members.php: 20 cards a page; on page 1 `similar` (same gender and country) when few
 * match. A visitor's traffic source travels in a cookie the worker set on arrival.
 */
export function searchMembers(filters: SearchFilters, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  query.set('page', String(page));
  return apiRequest<SearchAnswer>(`/api/members.php?${query}`);
}
