import type { Tracking } from '../../worker/contracts/account';

const KEY = 'tracking';
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
    sessionStorage.setItem(KEY, JSON.stringify(found));
  } catch {
    /* storage blocked: the signup goes without a traffic source */
  }
}

export function storedTracking(): Tracking | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    return value && typeof value === 'object' ? (value as Tracking) : undefined;
  } catch {
    return undefined;
  }
}

export function clearTracking() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing stored */
  }
}
