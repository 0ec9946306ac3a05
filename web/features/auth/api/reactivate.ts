import type { z } from 'zod';
import type { ReactivateAnswer, tokenInput } from '../../../../worker/contracts/account';
import { apiRequest } from '../../../lib/request';

/** POST /api/reactivate.php {token}: brings a deleted account back and logs in; 400 link_invalid. */
export const reactivate = (input: z.input<typeof tokenInput>) => apiRequest<ReactivateAnswer>('/api/reactivate.php', { method: 'POST', body: input });
