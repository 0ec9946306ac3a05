import type { z } from 'zod';
import type { resetInput, resetRequestInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/reset-password.php {email}: 404 email_not_found, 429 too_many_resets. */
export const requestPasswordReset = (input: z.input<typeof resetRequestInput>) => api.post('/api/reset-password.php', input);

/** POST /api/reset-password-do.php: 400 passwords_differ or link_invalid. */
export const resetPassword = (input: z.input<typeof resetInput>) => api.post('/api/reset-password-do.php', input);
