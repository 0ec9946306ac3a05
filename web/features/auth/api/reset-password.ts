import { apiRequest } from '../../../lib/request';

/** POST /api/reset-password.php {email}: 404 email_not_found, 429 too_many_resets. */
export const requestPasswordReset = (email: string) =>
  apiRequest<{ ok: true }>('/api/reset-password.php', { method: 'POST', body: { email } });

/** POST /api/reset-password-do.php: 400 passwords_differ or link_invalid. */
export const resetPassword = (token: string, password: string, password_confirm: string) =>
  apiRequest<{ ok: true }>('/api/reset-password-do.php', { method: 'POST', body: { token, password, password_confirm } });
