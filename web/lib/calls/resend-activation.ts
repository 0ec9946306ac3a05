import { apiRequest } from '../request';

/** POST /api/resend-activation.php: mails the activation link again. */
export const resendActivation = () => apiRequest<{ ok: true }>('/api/resend-activation.php', { method: 'POST', body: {} });
