import { useMutation } from '@tanstack/react-query';
import type { DirectDebitConfirmInput, DirectDebitInput } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/**
 * POST /api/directdebit.php: the direct-debit form for a package; an SMS code goes to the phone.
 * 400 with issues (iban_invalid, phone_invalid…), 403 directdebit_blocked, 429 directdebit_limit.
 */
export const requestDirectDebit = (input: DirectDebitInput) => api.post('/api/directdebit.php', input).then(dataOf);
export const useRequestDirectDebit = () => useMutation({ mutationFn: requestDirectDebit });

/** POST /api/directdebit-confirm.php: the SMS code; 400 otp_invalid ('Code ongeldig'), 410 otp_expired. The mandate and the payment follow. */
export const confirmDirectDebit = (input: DirectDebitConfirmInput) => api.post('/api/directdebit-confirm.php', input).then(dataOf);
export const useConfirmDirectDebit = () => useMutation({ mutationFn: confirmDirectDebit });
