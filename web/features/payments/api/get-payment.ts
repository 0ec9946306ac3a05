import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaymentStatus } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';
import { setUser } from '../../../lib/user';

/** While the provider has not decided, the status is asked again this often, for at most POLL_FOR_MS (then the member may ask again). */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 2 * 60_000;

export const isSettled = (status: PaymentStatus) => status !== 'open' && status !== 'pending';

/** GET /api/payment.php?id=: one of my payments (404 for anyone else's), with my user as it is now. */
export const getPayment = (id: string, background = false) =>
  api.get(`/api/payment.php?id=${encodeURIComponent(id)}`, { background }).then(dataOf);

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['payment', id],
    queryFn: ({ client }) => getPayment(id, client.getQueryData(['payment', id]) !== undefined),
    staleTime: 0,
    gcTime: 0,
  });

/**
 * The payment the provider sent the member back with: asked again every 2 s until it is paid,
 * failed, cancelled or expired (the server asks the provider too), and the session's user takes
 * the balances and premium of the answer.
 */
export function usePayment(id: string, started: number) {
  const client = useQueryClient();
  const query = useQuery({
    ...paymentQueryOptions(id),
    refetchInterval: (q) => {
      const status = q.state.data?.payment.status;
      return status && isSettled(status) ? false : Date.now() - started < POLL_FOR_MS ? POLL_EVERY_MS : false;
    },
  });
  const user = query.data?.user;
  useEffect(() => {
    if (user) setUser(user);
  }, [user]);
  // the transactions and the active discount are stale after a purchase
  const paid = query.data?.payment.status === 'paid';
  useEffect(() => {
    if (!paid) return;
    void client.invalidateQueries({ queryKey: ['transactions'] });
    // a first purchase ends the welcome discount and the time bonus
    void client.invalidateQueries({ queryKey: ['discount'] });
  }, [paid, client]);
  return query;
}
