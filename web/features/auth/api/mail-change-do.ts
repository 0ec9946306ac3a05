import { apiRequest, type ApiResult } from '../../../lib/request';
import type { User } from '../../../lib/user';

/** `user` comes only when the link is opened in the member's own session. */
export type MailChangeAnswer = { user?: User; ok?: true };
const pending = new Map<string, Promise<ApiResult<MailChangeAnswer>>>();

/** POST /api/mail-change-do.php {token}; one call per token (a link works once, StrictMode mounts twice). */
export function confirmMailChange(token: string) {
  let call = pending.get(token);
  if (!call) pending.set(token, (call = apiRequest<MailChangeAnswer>('/api/mail-change-do.php', { method: 'POST', body: { token } })));
  return call;
}
