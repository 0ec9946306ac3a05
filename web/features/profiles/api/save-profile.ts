import type { ProfileInput } from '../../../../worker/contracts/profiles';
import { api } from '../../../lib/request';

/** PUT /api/profile.php: 200 {user}; 400 with an issue per field. The user goes to the session store (lib/user). */
export const saveProfile = (input: ProfileInput) => api.put('/api/profile.php', input);
