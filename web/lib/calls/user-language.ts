import { apiRequest } from '../request';
import type { User } from '../user';

/** PUT /api/user.php {language}: saves a member's locale (the server also sets the locale cookie). */
export const saveLanguage = (language: string) => apiRequest<{ user: User }>('/api/user.php', { method: 'PUT', body: { language } });
