import { QueryClient } from '@tanstack/react-query';

/** A refused call: `message` is localized by the server (Accept-Language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Every console call: JSON in and out, the CSRF header, the session cookie (same origin). A
 * refusal throws ApiError; a 403 authentication_required means the session ended, and the
 * console shows the login again (Console watches `me`).
 */
export async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/operator/${path}`, {
      method: init.method ?? 'GET',
      headers: { 'request-type': 'client', ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', '');
  }
  const json = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!res.ok) {
    if (res.status === 403 && json.error === 'authentication_required' && path !== 'me.php') queryClient.setQueryData(['me'], null);
    throw new ApiError(res.status, json.error ?? `http_${res.status}`, json.message ?? '');
  }
  return json as T;
}

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
