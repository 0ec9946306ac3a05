import type { ResendActivationAnswer } from '../../../worker/contracts/account';
import { apiRequest } from '../request';

/** POST /api/resend-activation.php: mails the activation link again. */
export const resendActivation = () => apiRequest<ResendActivationAnswer>('/api/resend-activation.php', { method: 'POST', body: {} });
