import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComplaintInput, ComplaintsAnswer } from '../../../../worker/contracts/reports';
import { complaintsQueryKey } from '../../../lib/calls/get-complaints';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/** POST /api/complaint.php: an appeal of a decision ({decision_id, text}) or a general complaint ({text}). */
export const fileComplaint = (input: ComplaintInput) => api.post('/api/complaint.php', input).then(dataOf);

/** Files it and puts it into the member's list (an appealed decision can no longer be appealed). */
export function useFileComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: ({ complaint }) =>
      client.setQueryData<ComplaintsAnswer>(
        complaintsQueryKey,
        (old) =>
          old && {
            decisions: old.decisions.map((d) => (d.id === complaint.decision_id ? { ...d, appealable: false } : d)),
            complaints: [complaint, ...old.complaints],
          },
      ),
  });
}
