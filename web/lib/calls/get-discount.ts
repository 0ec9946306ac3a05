import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountAnswer, DiscountCode } from '../../../worker/contracts/payments';
import { apiRequest } from '../request';

/**
 * GET /api/discountcode.php?welcome=true: the member's active discount, the time bonus while it
 * runs, else the welcome code. Spec section 8: its errors are ignored, so none is simply null.
 */
export const getActiveDiscount = async (): Promise<DiscountCode | null> => {
  const res = await apiRequest<DiscountAnswer>('/api/discountcode.php?welcome=true', { background: true });
  return res.ok && res.data.discountcode.status === 'active' ? res.data.discountcode : null;
};

/** Loaded on login for a free member (cleared with the cache on logout), again after a purchase. */
export const activeDiscountQueryOptions = () => queryOptions({ queryKey: ['discount', 'active'], queryFn: getActiveDiscount });
export const useActiveDiscount = (enabled: boolean) => useQuery({ ...activeDiscountQueryOptions(), enabled });
