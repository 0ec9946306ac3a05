import { apiRequest } from '../../../lib/request';
import type { User } from '../../../lib/user';

/** POST /api/reactivate.php {token}: brings a deleted account back and logs in; 400 link_invalid. */
export const reactivate = (token: string) => apiRequest<{ user: User }>('/api/reactivate.php', { method: 'POST', body: { token } });
