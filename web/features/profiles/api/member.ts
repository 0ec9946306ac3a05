import { apiRequest } from '../../../lib/request';

export type MemberPhoto = { id: string; match: string | null; locked: boolean; main: boolean };
/** Only the site's visible_profile_fields are present; never a date of birth. */
export type MemberProfile = {
  id: number;
  name: string;
  age?: number;
  gender?: string;
  sexuality?: string | null;
  country?: string | null;
  region?: string | null;
  city?: string | null;
  interests?: string[];
  hair_colour?: string | null;
  eye_colour?: string | null;
  body_type?: string | null;
  relationship_status?: string | null;
  tattoos?: string | null;
  signup_reason?: string | null;
  about_me?: string | null;
  fictional: boolean;
  photo_count: number;
  photos: MemberPhoto[];
  blocked: boolean;
  /** I liked them; they liked me (likes-api.md). Both true: a match. */
  liked: boolean;
  likes_me: boolean;
};

/** GET /api/member.php?id=: 404 not_found_generic when absent, deleted, elsewhere or blocking me. */
export const loadMember = (id: string) => apiRequest<{ profile: MemberProfile }>(`/api/member.php?id=${encodeURIComponent(id)}`);

/** POST /api/block.php {id} blocks, DELETE unblocks; both hide the two members from each other. */
export const setBlocked = (id: number, blocked: boolean) =>
  apiRequest<{ blocked: boolean }>('/api/block.php', { method: blocked ? 'POST' : 'DELETE', body: { id } });

/** POST /api/like.php {id} likes (idempotent; match when they liked me too), DELETE takes it back. */
export const setLike = (id: number, liked: boolean) =>
  apiRequest<{ liked: boolean; match?: boolean }>('/api/like.php', { method: liked ? 'POST' : 'DELETE', body: { id } });
