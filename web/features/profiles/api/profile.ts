import { apiRequest } from '../../../lib/request';
import type { User } from '../../../lib/user';

/** Any subset of the editable fields; null clears an optional one. */
export type ProfileInput = Partial<{
  gender: 'male' | 'female';
  sexuality: string | null;
  date_of_birth: string;
  country: string;
  region: string | null;
  city: string | null;
  interests: string[];
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  signup_reason: string | null;
  about_me: string | null;
}>;

/** PUT /api/profile.php: 200 {user}; 400 with an issue per field. */
export const saveProfile = (input: ProfileInput) => apiRequest<{ user: User }>('/api/profile.php', { method: 'PUT', body: input });
