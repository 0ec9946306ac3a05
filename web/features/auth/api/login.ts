import { apiRequest } from '../../../lib/request';
import type { User } from '../../../lib/user';

/** POST /api/user.php {email, password}: 401 login_failed, 423 too_many_attempts, 403 account_deleted. */
export const login = (email: string, password: string) =>
  apiRequest<{ user: User }>('/api/user.php', { method: 'POST', body: { email, password } });
