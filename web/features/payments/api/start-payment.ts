import { useMutation } from '@tanstack/react-query';
import type { StartPaymentInput } from '../../../../worker/contracts/payments';
import { dataOf } from '../../../lib/query-client';
import { api } from '../../../lib/request';

/**
 * POST /api/payment.php: starts a payment; the server decides amount and credits from the
 * package. 201 with the provider's checkout page. 404 package_not_found, 400 method_unavailable,
 * 502 payment_provider_error.
 */
export const startPayment = (input: StartPaymentInput) => api.post('/api/payment.php', input).then(dataOf);

/** Starts and goes to the provider's page (the whole page: the provider takes over until it sends the member back). */
export function useStartPayment(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({ mutationFn: startPayment, onSuccess: (answer) => go(answer.checkout_url) });
}
