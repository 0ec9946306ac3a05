import type { z } from 'zod';
import type { passwordInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/password.php: 400 old_password_wrong; other sessions end, this one stays. */
export const changePassword = (input: z.input<typeof passwordInput>) => api.post('/api/password.php', input);
