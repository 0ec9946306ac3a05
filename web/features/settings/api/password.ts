import type { z } from 'zod';
import type { passwordInput } from '../../../../worker/contracts/account';
import type { Ok } from '../../../../worker/contracts/common';
import { apiRequest } from '../../../lib/request';

/** POST /api/password.php: 400 old_password_wrong; other sessions end, this one stays. */
export const changePassword = (input: z.input<typeof passwordInput>) => apiRequest<Ok>('/api/password.php', { method: 'POST', body: input });
