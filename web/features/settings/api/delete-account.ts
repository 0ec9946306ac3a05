import { apiRequest } from '../../../lib/request';

export const DELETE_REASONS = ['found_partner', 'not_enough_members', 'too_expensive', 'privacy', 'other'] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

/** POST /api/delete-account.php: the session ends; the member has 14 days to reactivate. */
export const deleteAccount = (reason: DeleteReason, comment?: string) =>
  apiRequest<{ ok: true }>('/api/delete-account.php', { method: 'POST', body: { reason, comment: comment || undefined } });
