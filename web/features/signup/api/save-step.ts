import type { StepInput, UserAnswer } from '../../../../worker/contracts/account';
import { apiRequest } from '../../../lib/request';

/** PUT /api/signup.php: saves one wizard step; the answer's user (to the session store) names the next one. */
export const saveStep = (input: StepInput) => apiRequest<UserAnswer>('/api/signup.php', { method: 'PUT', body: input });
