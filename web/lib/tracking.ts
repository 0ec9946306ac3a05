import type { Tracking } from '../../worker/contracts/account';

/** The sessionStorage key; the signup reads it back with web/lib/stored-tracking.ts (not needed by the first paint). */
export const TRACKING_KEY = 'tracking';
export const TRACKING_FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const satisfies readonly (keyof Tracking)[];

/** Keeps the traffic source of the landing URL in sessionStorage until the signup sends it. */
export function captureTracking(search: string) {
  const query = new URLSearchParams(search);
  const found: Tracking = {};
  for (const field of TRACKING_FIELDS) {
    const value = query.get(field);
    if (value) found[field] = value.slice(0, 255);
  }
  if (Object.keys(found).length === 0) return;
  try {
    sessionStorage.setItem(TRACKING_KEY, JSON.stringify(found));
  } catch {
    /* storage blocked: the signup goes without a traffic source */
  }
}
