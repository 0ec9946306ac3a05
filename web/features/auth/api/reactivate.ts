import type { z } from 'zod';
import type { tokenInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/reactivate.php {token}: brings a deleted account back and logs in; 400 link_invalid. */
export const reactivate = (input: z.input<typeof tokenInput>) => api.post('/api/reactivate.php', input);
