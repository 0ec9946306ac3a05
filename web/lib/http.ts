import type { ErrorBody, Issue } from '../../worker/contracts/common';
import type { ClientErrorCode, ErrorCode } from '../../worker/contracts/errors';
import type { AnswerOf, CallPath, InputOf, Method } from '../../worker/contracts/routes';
import { track } from './activity';
import { retryingFetch, type RetryRules } from './fetch';

export type { Issue };
/** A refused call: `message` is already localized by the server; `silent` ones show nothing. */
/** `body`: the error answer as sent, for a call whose contract names more fields than `error` and `message` (the banned login's appeal token). */
export type ApiFailure = {
  ok: false;
  status: number;
  error: ErrorCode | ClientErrorCode;
  message: string;
  issues: Issue[];
  silent?: boolean;
  body?: Record<string, unknown>;
};
export type ApiResult<T> = { ok: true; status: number; data: T } | ApiFailure;
export type CallOptions = { background?: boolean };
type Request = <T>(path: string, options?: { method?: Method; body?: unknown; background?: boolean }) => Promise<ApiResult<T>>;

export const AUTH_REQUIRED = 'authentication_required' satisfies ErrorCode;

/** The data of an answer; a refused call (the client never throws) becomes the query's or mutation's error. */
export function dataOf<T>(res: ApiResult<T>): T {
  if (!res.ok) throw res;
  return res.data;
}

/** The server's localized text of a refusal, else the caller's fallback (a network error has none). */
export const failureText = (error: unknown, fallback: string) =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message ? error.message : fallback;

/**
 * One app's request function: JSON (or FormData) in, a result out, never a throw. Spec section 8's
 * rule for either app: a 403 authentication_required on any call but the one that asks for the
 * session (`sessionPath`) means the session ended elsewhere; `sessionEnded` forgets it locally and
 * the call resolves quietly. `background` calls do not move the progress bar.
 */
export function createRequest({
  sessionPath,
  sessionEnded,
  rules,
}: {
  sessionPath: string;
  sessionEnded: () => void;
  rules?: RetryRules;
}): Request {
  const http = retryingFetch(250, undefined, track, rules);
  const quietHttp = retryingFetch(250, undefined, undefined, rules);
  const isSessionCall = (path: string) => new URL(path, 'http://x').pathname === sessionPath;
  return async <T>(
    path: string,
    { method = 'GET', body, background = false }: { method?: Method; body?: unknown; background?: boolean } = {},
  ) => {
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
      return { ok: false, status: 0, error: 'network_error', message: '', issues: [] } satisfies ApiFailure;
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
    if (res.status === 403 && error === AUTH_REQUIRED && !isSessionCall(path)) {
      sessionEnded();
      return { ...failure, silent: true };
    }
    return failure;
  };
}

/**
 * The typed face of a request function over a route table (worker/contracts/routes.ts): the path
 * names the route, which gives the answer's type and the body's, so a wrong pair fails the
 * typecheck. Types only: each method is the request function with its method filled in.
 */
export function typedClient<R>(request: Request) {
  return {
    get: <S extends CallPath<R, 'GET'>>(path: S, options?: CallOptions) => request<AnswerOf<R, 'GET', S>>(path, options),
    post: <S extends CallPath<R, 'POST'>>(path: S, body: InputOf<R, 'POST', S>, options?: CallOptions) =>
      request<AnswerOf<R, 'POST', S>>(path, { ...options, method: 'POST', body }),
    put: <S extends CallPath<R, 'PUT'>>(path: S, body: InputOf<R, 'PUT', S>, options?: CallOptions) =>
      request<AnswerOf<R, 'PUT', S>>(path, { ...options, method: 'PUT', body }),
    delete: <S extends CallPath<R, 'DELETE'>>(path: S, body: InputOf<R, 'DELETE', S>, options?: CallOptions) =>
      request<AnswerOf<R, 'DELETE', S>>(path, { ...options, method: 'DELETE', body }),
  };
}
