import { apiRequest } from '../../../lib/request';

/** POST /api/mail-change.php: mails a confirmation link to the new address; 400 invalid_new_email. */
export const requestMailChange = (email: string) => apiRequest<{ ok: true }>('/api/mail-change.php', { method: 'POST', body: { email } });
