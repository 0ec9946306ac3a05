/** The longest delay a browser timer keeps (about 24.8 days); longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Spec section 2: the query parameter t, when numeric, opens the like overlay after that many
 * seconds. Returns the delay in ms, or null when t is absent or not a (non-negative) number.
 */
export function likeOverlayDelay(search: string): number | null {
  const t = new URLSearchParams(search).get('t');
  if (t === null || !/^\s*\d+(\.\d+)?\s*$/.test(t)) return null;
  return Math.min(Number(t) * 1000, MAX_TIMER_MS);
}

/** The query without one parameter, the others kept in order: '' or '?a=1&b=2'. */
export function withoutParam(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
