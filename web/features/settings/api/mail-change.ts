import type { z } from 'zod';
import type { mailChangeInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/**
 * POST /api/mail-change.php: with the current password, mails a confirmation link to the new
 * address; 400 invalid_new_email or old_password_wrong, 429 too_many_requests.
 */
export const requestMailChange = (input: z.input<typeof mailChangeInput>) => api.post('/api/mail-change.php', input);
