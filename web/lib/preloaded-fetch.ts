/**
 * The answer to a call the worker's page named in a preload hint (`<link rel="preload" as="fetch">`,
 * worker/features/shell), taken once: the browser hands a preloaded answer only to a request just
 * like the hint's (same address, no header of ours; a GET, which the CSRF guard leaves alone), so
 * this is a plain fetch. Null when the page has no such hint (or it was taken) or the answer is not
 * a success: the caller then makes its call as usual (apiRequest, with its retries and its rules
 * for a 403).
 */
export async function takePreloaded<T>(path: string): Promise<T | null> {
  if (typeof document === 'undefined') return null;
  const hint = [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].find((l) => l.getAttribute('href') === path);
  if (!hint) return null;
  hint.remove();
  try {
    const res = await fetch(path, { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as T) : null;
  } catch {
    return null;
  }
}
