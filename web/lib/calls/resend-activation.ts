import { api } from '../request';

/** POST /api/resend-activation.php: mails the activation link again. */
export const resendActivation = () => api.post('/api/resend-activation.php', {});
