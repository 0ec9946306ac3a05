import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountCode } from '../../../worker/contracts/payments';
import { ACTIVE_DISCOUNT_ID } from '../../../worker/contracts/welcome-bonus';
import { queryClient } from '../query-client';
import { api } from '../request';

/**
 * GET /api/discountcode.php?welcome=true: the member's active discount, the time bonus while it
 * runs, else the welcome code; null for none (an answer, not an error). Spec section 8: its errors
 * are ignored, so a failed call is none too.
 */
export const getActiveDiscount = async (): Promise<DiscountCode | null> => {
  const res = await api.get('/api/discountcode.php?welcome=true', { background: true });
  return res.ok && res.data.discountcode?.status === 'active' ? res.data.discountcode : null;
};

/** Loaded on login for a free member (cleared with the cache on logout), again after a purchase. */
export const activeDiscountQueryOptions = () => queryOptions({ queryKey: ['discount', 'active'], queryFn: getActiveDiscount });
export const useActiveDiscount = (enabled: boolean) => useQuery({ ...activeDiscountQueryOptions(), enabled });

/**
 * The active discount the worker put into a free member's /members page load (`#active-discount`:
 * the call's answer, or null for none), taken once into the cache before the member layer's first
 * render: the welcome bonus banner then shows where the page has it, with no call of its own.
 */
export function seedActiveDiscount() {
  const element = typeof document === 'undefined' ? null : document.getElementById(ACTIVE_DISCOUNT_ID);
  if (!element) return;
  element.remove();
  try {
    queryClient.setQueryData(activeDiscountQueryOptions().queryKey, JSON.parse(element.textContent ?? '') as DiscountCode | null);
  } catch {
    /* not an answer: the banner asks the worker as usual */
  }
}
