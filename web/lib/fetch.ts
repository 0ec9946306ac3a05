export const MAX_RETRIES = 5;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type RetryRules = {
  /** Retries after the first attempt (network errors and 5xx). */
  retries?: number;
  /** The CSRF guard's header (`request-type: client`); the landers' GETs send none, so the browser can hand them the shell's preload. */
  clientHeader?: boolean;
  /** Whether a POST, PUT or DELETE is repeated too (the member site's writes carry idempotency keys where it matters; the console's do not all). */
  retryWrites?: boolean;
};

/**
 * fetch with the client header and retries: network errors and 5xx are retried up to 5 times
 * with exponential delay (base·2^n); a 4xx answer is final and returned at once; uploads
 * (FormData bodies) are never repeated. `track` counts the calls for a progress bar (web/lib/activity.ts;
 * background refreshes and the landers pass none). The one retry loop of every web app (members' site,
 * landers, console); it imports nothing, so the landers' first bundle carries only the loop.
 */
export function retryingFetch(
  baseDelayMs = 250,
  fetcher: typeof fetch = (...a) => fetch(...a),
  track?: <R>(work: Promise<R>) => Promise<R>,
  { retries = MAX_RETRIES, clientHeader = true, retryWrites = true }: RetryRules = {},
): typeof fetch {
  return (input, init) => (track ? track(attempts(input, init)) : attempts(input, init));
  async function attempts(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const headers = new Headers(init?.headers);
    if (clientHeader) headers.set('request-type', 'client');
    // a hidden page's background refresh is not the member's activity (README, "Activity and online")
    if (clientHeader && typeof document !== 'undefined' && document.visibilityState === 'hidden')
      headers.set('request-visibility', 'hidden');
    // An upload is not repeated: a retry could store the photo twice (and count against the limit).
    const write = (init?.method ?? 'GET') !== 'GET';
    const retryable = !(init?.body instanceof FormData) && (retryWrites || !write);
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetcher(input, { ...init, headers, credentials: 'same-origin' });
        if (res.status < 500 || attempt >= retries || !retryable) return res;
      } catch (error) {
        if (attempt >= retries || !retryable || (error as Error).name === 'AbortError') throw error;
      }
      await sleep(baseDelayMs * 2 ** attempt);
    }
  }
}
