import type { DeleteAccountInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/delete-account.php: the session ends; the member has 14 days to reactivate. */
export const deleteAccount = (input: DeleteAccountInput) => api.post('/api/delete-account.php', input);
