import type { StepInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** PUT /api/signup.php: saves one wizard step; the answer's user (to the session store) names the next one. */
export const saveStep = (input: StepInput) => api.put('/api/signup.php', input);
