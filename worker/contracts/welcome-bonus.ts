/**
 * The welcome bonus banner's rule (spec sections 2, 4 and 9), one for the web (the banner,
 * web/components/layout/welcome-bonus.tsx) and the worker (the banner in a free member's /members
 * page load, worker/features/shell): which text it shows, its hh:mm:ss countdown and its days.
 */
import type { DiscountCode } from './payments';

/** The element of a member's /members page that carries the member's active discount (the answer of GET /api/discountcode.php?welcome=true, or null). */
export const ACTIVE_DISCOUNT_ID = 'active-discount';

/** Seconds left of a discount that ends (0 when over), or null for one that does not end. */
export function secondsLeft(discount: Pick<DiscountCode, 'expires'>, now: number): number | null {
  if (!discount.expires) return null;
  const end = Date.parse(discount.expires);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.floor((end - now) / 1000));
}

/** "03:59:07": hours, minutes and seconds, two digits each. */
export function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The discount to show: none for a premium member, none at zero (the countdown is then cleared). */
export function liveDiscount(discount: DiscountCode | null | undefined, paid: boolean, now: number): DiscountCode | null {
  if (!discount || paid || discount.status !== 'active') return null;
  const left = secondsLeft(discount, now);
  return left === 0 ? null : discount;
}

/**
 * What the banner says of a live discount: the time bonus with its countdown (`clock`), else the
 * welcome code with the days it is still good for (more than one), else the welcome code alone.
 */
export type BonusText = { text: 'time_bonus' | 'welcome_days' | 'welcome'; clock: string | null; days: number | null };
export function bonusText(discount: DiscountCode, now: number): BonusText {
  const left = secondsLeft(discount, now);
  if (discount.kind === 'time_bonus') return { text: 'time_bonus', clock: left === null ? null : countdown(left), days: null };
  const days = left === null ? null : Math.ceil(left / 86_400);
  return days !== null && days > 1 ? { text: 'welcome_days', clock: null, days } : { text: 'welcome', clock: null, days: null };
}
