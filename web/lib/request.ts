import type { ErrorBody, Issue } from '../../worker/contracts/common';
import type { ClientErrorCode, ErrorCode } from '../../worker/contracts/errors';
import { retryingFetch } from './fetch';
import { sessionStore, setUser } from './user';

export type { Issue };
/** A refused call: `message` is already localized by the server; `silent` ones show nothing. */
/** `body`: the error answer as sent, for a call whose contract names more fields than `error` and `message` (the banned login's appeal token). */
export type ApiFailure = { ok: false; status: number; error: ErrorCode | ClientErrorCode; message: string; issues: Issue[]; silent?: boolean; body?: Record<string, unknown> };
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;

export const AUTH_REQUIRED = 'authentication_required' satisfies ErrorCode;
const http = retryingFetch();
/** Background refreshes (spec section 7: the progress indicator only on the first load). */
const quietHttp = retryingFetch(250, undefined, false);
const isUserCall = (path: string) => new URL(path, 'http://x').pathname === '/api/user.php';

/**
 * Every call goes through here: JSON (or FormData) in, a result out, never a throw. `T` is the
 * contract's answer type (worker/contracts), named once per call in its api file.
 * Spec section 8: a 403 authentication_required on any call but user.php means the session
 * ended elsewhere; the user is logged out locally and the call resolves quietly. `background`
 * calls do not move the progress bar (the same 403 rule applies).
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, background = false }: { method?: string; body?: unknown; background?: boolean } = {},
): Promise<ApiResult<T>> {
  const init: RequestInit = { method };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await (background ? quietHttp : http)(path, init);
  } catch {
    return { ok: false, status: 0, error: 'network_error', message: '', issues: [] };
  }
  const json = (await res.json().catch(() => ({}))) as Partial<Record<keyof ErrorBody, unknown>>;
  if (res.ok) return { ok: true, status: res.status, data: json as T };
  // the server answers only codes of the contract (worker/contracts/errors)
  const error: ApiFailure['error'] = typeof json.error === 'string' ? (json.error as ErrorCode) : `http_${res.status}`;
  const failure: ApiFailure = {
    ok: false,
    status: res.status,
    error,
    message: typeof json.message === 'string' ? json.message : '',
    issues: Array.isArray(json.issues) ? (json.issues as Issue[]) : [],
    body: json,
  };
  if (res.status === 403 && error === AUTH_REQUIRED && !isUserCall(path)) {
    if (sessionStore.get().status === 'in') setUser(null);
    return { ...failure, silent: true };
  }
  return failure;
}
