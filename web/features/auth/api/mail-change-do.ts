import { apiRequest, type ApiResult } from '../../../lib/request';
import type { User } from '../../../lib/user';

const pending = new Map<string, Promise<ApiResult<{ user: User }>>>();

/** POST /api/mail-change-do.php {token}; one call per token (a link works once, StrictMode mounts twice). */
export function confirmMailChange(token: string) {
  let call = pending.get(token);
  if (!call) pending.set(token, (call = apiRequest<{ user: User }>('/api/mail-change-do.php', { method: 'POST', body: { token } })));
  return call;
}
