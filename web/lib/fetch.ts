import { track } from './activity';

export const MAX_RETRIES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * fetch with the client header and retries: network errors and 5xx are retried up to 5 times
 * with exponential delay (base·2^n); a 4xx answer is final and returned at once; uploads
 * (FormData bodies) are never repeated. `tracked`
 * calls count for the progress bar; background refreshes pass false.
 */
export function retryingFetch(baseDelayMs = 250, fetcher: typeof fetch = (...a) => fetch(...a), tracked = true): typeof fetch {
  return (input, init) => (tracked ? track(attempts(input, init)) : attempts(input, init));
  async function attempts(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const headers = new Headers(init?.headers);
    headers.set('request-type', 'client');
    // a hidden page's background refresh is not the member's activity (README, "Activity and online")
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') headers.set('request-visibility', 'hidden');
    // An upload is not repeated: a retry could store the photo twice (and count against the limit).
    const retryable = !(init?.body instanceof FormData);
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetcher(input, { ...init, headers, credentials: 'same-origin' });
        if (res.status < 500 || attempt >= MAX_RETRIES || !retryable) return res;
      } catch (error) {
        if (attempt >= MAX_RETRIES || !retryable || (error as Error).name === 'AbortError') throw error;
      }
      await sleep(baseDelayMs * 2 ** attempt);
    }
  }
}
