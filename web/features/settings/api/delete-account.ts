import type { DeleteAccountInput } from '../../../../worker/contracts/account';
import type { Ok } from '../../../../worker/contracts/common';
import { apiRequest } from '../../../lib/request';

/** POST /api/delete-account.php: the session ends; the member has 14 days to reactivate. */
export const deleteAccount = (input: DeleteAccountInput) => apiRequest<Ok>('/api/delete-account.php', { method: 'POST', body: input });
