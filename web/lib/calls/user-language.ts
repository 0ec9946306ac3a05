import type { z } from 'zod';
import type { languageInput, UserAnswer } from '../../../worker/contracts/account';
import { apiRequest } from '../request';

/** PUT /api/user.php {language}: saves a member's locale (the server also sets the locale cookie). */
export const saveLanguage = (language: z.input<typeof languageInput>['language']) => apiRequest<UserAnswer>('/api/user.php', { method: 'PUT', body: { language } });
