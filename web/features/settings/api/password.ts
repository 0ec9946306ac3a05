import { apiRequest } from '../../../lib/request';

/** POST /api/password.php: 400 old_password_wrong; other sessions end, this one stays. */
export const changePassword = (old_password: string, password: string) =>
  apiRequest<{ ok: true }>('/api/password.php', { method: 'POST', body: { old_password, password } });
