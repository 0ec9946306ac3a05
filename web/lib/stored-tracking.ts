import type { Tracking } from '../../worker/contracts/account';
import { TRACKING_KEY as KEY } from './tracking';

/** The traffic source captureTracking kept (web/lib/tracking.ts), for the signup. */
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
