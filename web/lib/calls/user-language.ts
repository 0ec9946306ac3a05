import type { z } from 'zod';
import type { languageInput } from '../../../worker/contracts/account';
import { api } from '../request';

/** PUT /api/user.php {language}: saves a member's locale (the server also sets the locale cookie). */
export const saveLanguage = (language: z.input<typeof languageInput>['language']) => api.put('/api/user.php', { language });
