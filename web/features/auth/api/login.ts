import type { LoginInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/user.php {email, password}: 401 login_failed, 423 too_many_attempts, 403 account_deleted, 403 account_banned with the ban's appeal token (BannedAnswer; the page shows /pages/ban with it), 429 slow_down (all with the server's localized message). */
export const login = (input: LoginInput) => api.post('/api/user.php', input);
