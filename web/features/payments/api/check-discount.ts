import { useMutation } from '@tanstack/react-query';
import type { PackageTier } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/**
 * GET /api/discountcode.php?code=X&package=p2: a code checked for this member and package.
 * 404 code_not_found ('Code niet gevonden'), 409 code_used ('Code reeds gebruikt'), 410
 * code_expired, 400 code_minimum_order / code_country / code_method.
 */
export const checkDiscount = ({ code, tier }: { code: string; tier: PackageTier }) =>
  api.get(`/api/discountcode.php?${new URLSearchParams({ code, package: tier })}`).then(dataOf);

export const useCheckDiscount = () => useMutation({ mutationFn: checkDiscount });
