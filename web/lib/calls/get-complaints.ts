import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataOf } from '../query-client';
import { api } from '../request';

/** GET /api/complaints.php: the member's decisions (statements of reasons) and complaints. */
export const getComplaints = () => api.get('/api/complaints.php').then(dataOf);
export const complaintsQueryKey = ['complaints'] as const;
export const complaintsQueryOptions = () => queryOptions({ queryKey: complaintsQueryKey, queryFn: getComplaints });
export const useComplaints = (enabled = true) => useQuery({ ...complaintsQueryOptions(), enabled });
