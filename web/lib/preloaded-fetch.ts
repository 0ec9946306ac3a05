/**
 * The answer to a call the worker's page named in a preload hint (`<link rel="preload" as="fetch">`,
 * worker/features/shell), taken once: the browser hands a preloaded answer only to a request just
 * like the hint's (same address, no header of ours; a GET, which the CSRF guard leaves alone), so
 * this is a plain fetch. Null when the page has no such hint (or it was taken) or the answer is not
 * a success: the caller then makes its call as usual (apiRequest, with its retries and its rules
 * for a 403). Decided at once (no promise when there is no hint): a call without one starts as soon
 * as it is made.
 */
export function takePreloaded<T>(path: string): Promise<T | null> | null {
  if (typeof document === 'undefined') return null;
  const hint = [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].find((l) => l.getAttribute('href') === path);
  if (!hint) return null;
  hint.remove();
  return fetch(path, { credentials: 'same-origin' })
    .then((res) => (res.ok ? (res.json() as Promise<T>) : null))
    .catch(() => null);
}
