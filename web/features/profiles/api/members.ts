import { apiRequest } from '../../../lib/request';
import { storedTracking } from '../../../lib/tracking';

export type MemberCard = {
  id: number;
  name: string;
  age: number;
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
 * match. A visitor sends the stored traffic source as network/ref (logged_out_search_trafficsource).
 */
export function searchMembers(filters: SearchFilters, page: number, visitor: boolean) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  query.set('page', String(page));
  if (visitor) {
    const tracking = storedTracking();
    if (tracking?.network) query.set('network', tracking.network);
    if (tracking?.ref) query.set('ref', tracking.ref);
  }
  return apiRequest<SearchAnswer>(`/api/members.php?${query}`);
}
