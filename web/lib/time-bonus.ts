import { useSyncExternalStore } from 'react';
import type { DiscountCode } from '../../worker/contracts/payments';

/**
 * Spec sections 4 and 9: the time bonus (TIMEBONUS25) runs for a free member in the first 4 hours
 * after signup, shown as an hh:mm:ss countdown that ticks every second; one clock ticks for every
 * countdown on the page. The active discount is the time bonus if present, else the welcome code.
 */

/** The modal shows 40 s after entering the members area, only with 0 credits. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** Spec section 2: the members area. */
export const MEMBERS_AREA = ['members', 'members-id', 'chats', 'chats-id', 'members-id-chat', 'likes', 'likes-m-id', 'premium'];

// shared with the worker (the banner in a free member's /members page load)
export { countdown, liveDiscount, secondsLeft } from '../../worker/contracts/welcome-bonus';

/** The time-bonus modal: a free member with 0 credits, the time bonus running, in the members area, not dismissed. */
export const showTimeBonusModal = (o: { discount: DiscountCode | null; credits: number; route: string | undefined; dismissed: boolean }) =>
  !!o.discount && o.discount.kind === 'time_bonus' && o.credits === 0 && !o.dismissed && MEMBERS_AREA.includes(o.route ?? '');

/* One second tick shared by every countdown: the interval runs only while something listens. */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
/** The clock set to now without a tick (a server render of the page: web/members-ssr.tsx). */
export const syncSecondClock = () => void (now = Date.now());
/** The time, updated every second while a countdown shows. */
export const useSecondClock = () =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
