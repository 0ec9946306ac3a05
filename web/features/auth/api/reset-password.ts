import type { z } from 'zod';
import type { resetInput, resetRequestInput } from '../../../../worker/contracts/account';
import type { Ok } from '../../../../worker/contracts/common';
import { apiRequest } from '../../../lib/request';

/** POST /api/reset-password.php {email}: 404 email_not_found, 429 too_many_resets. */
export const requestPasswordReset = (input: z.input<typeof resetRequestInput>) =>
  apiRequest<Ok>('/api/reset-password.php', { method: 'POST', body: input });

/** POST /api/reset-password-do.php: 400 passwords_differ or link_invalid. */
export const resetPassword = (input: z.input<typeof resetInput>) => apiRequest<Ok>('/api/reset-password-do.php', { method: 'POST', body: input });
