import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TransactionsAnswer } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** GET /api/transactions.php?page=N: my ledger, newest first, a page at a time. */
export const getTransactions = (page: number) => api.get(`/api/transactions.php?page=${page}`).then(dataOf);

/** Loaded on every visit (a purchase or a message changes it). */
export const transactionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['transactions', 'list'],
    queryFn: ({ pageParam }) => getTransactions(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: TransactionsAnswer) => (last.more ? last.page + 1 : undefined),
    staleTime: 0,
  });
export const useTransactions = () => useInfiniteQuery(transactionsQueryOptions());

/** GET /api/transactions.php?id=N: one of mine with its receipt (404 for anyone else's). */
export const getTransaction = (id: number) => api.get(`/api/transactions.php?id=${id}`).then(dataOf);
export const transactionQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['transactions', 'one', id], queryFn: () => getTransaction(id) });
export const useTransaction = (id: number) => useQuery(transactionQueryOptions(id));
