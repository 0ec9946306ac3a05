import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/issuers.php?method=: the banks the provider lists for a method (our bank choice shows only then). */
export const getIssuers = (method: PaymentMethod) => api.get(`/api/issuers.php?method=${method}`).then(dataOf);

export const issuersQueryOptions = (method: PaymentMethod) =>
  queryOptions({ queryKey: ['issuers', method], queryFn: () => getIssuers(method) });
export const useIssuers = (method: PaymentMethod, enabled: boolean) => useQuery({ ...issuersQueryOptions(method), enabled });
