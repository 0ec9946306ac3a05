import type { SignupInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/signup.php: creates the account and logs in (user.signup_step 'photo'); the user goes to the session store. */
export const createAccount = (input: SignupInput) => api.post('/api/signup.php', input);
