import { apiRequest } from '../../../lib/request';

/**
 * POST /api/mail-change.php: with the current password, mails a confirmation link to the new
 * address; 400 invalid_new_email or old_password_wrong, 429 too_many_requests.
 */
export const requestMailChange = (email: string, password: string) =>
  apiRequest<{ ok: true }>('/api/mail-change.php', { method: 'POST', body: { email, password } });
