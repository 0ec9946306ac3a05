import type { UserAnswer } from '../../../../worker/contracts/account';
import type { ProfileInput } from '../../../../worker/contracts/profiles';
import { apiRequest } from '../../../lib/request';

/** PUT /api/profile.php: 200 {user}; 400 with an issue per field. The user goes to the session store (lib/user). */
export const saveProfile = (input: ProfileInput) => apiRequest<UserAnswer>('/api/profile.php', { method: 'PUT', body: input });
