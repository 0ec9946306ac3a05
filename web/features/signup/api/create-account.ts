import type { SignupInput, UserAnswer } from '../../../../worker/contracts/account';
import { apiRequest } from '../../../lib/request';

/** POST /api/signup.php: creates the account and logs in (user.signup_step 'photo'); the user goes to the session store. */
export const createAccount = (input: SignupInput) => apiRequest<UserAnswer>('/api/signup.php', { method: 'POST', body: input });
