import { apiRequest } from '../../../lib/request';
import type { Tracking } from '../../../lib/tracking';
import type { PushPermission, Sexuality, User } from '../../../lib/user';

export type AccountInput = {
  email: string;
  password: string;
  name: string;
  date_of_birth: string;
  gender: 'male' | 'female';
  tracking?: Tracking;
};

/** POST /api/signup.php: creates the account and logs in (user.signup_step 'photo'). */
export const createAccount = (input: AccountInput) => apiRequest<{ user: User }>('/api/signup.php', { method: 'POST', body: input });

export type StepInput =
  | { step: 'photo' | 'personal' | 'about' | 'push'; skip: true }
  | { step: 'photo' }
  | { step: 'location'; country: string; region: string; city?: string }
  | { step: 'personal'; sexuality: Sexuality }
  | { step: 'about'; about_me: string }
  | { step: 'push'; push_permission: PushPermission }
  | { step: 'confirm' };

/** PUT /api/signup.php: saves one wizard step; the answer's user names the next one. */
export const saveStep = (input: StepInput) => apiRequest<{ user: User }>('/api/signup.php', { method: 'PUT', body: input });
