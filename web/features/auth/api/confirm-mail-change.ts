import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MailChangeDoAnswer, tokenInput } from '../../../../worker/contracts/account';
import { apiRequest } from '../../../lib/request';

/** POST /api/mail-change-do.php {token}: `user` only when the link is opened in the member's own session. */
export const confirmMailChange = (token: string) => apiRequest<MailChangeDoAnswer>('/api/mail-change-do.php', { method: 'POST', body: { token } satisfies z.input<typeof tokenInput> });

/**
 * Once per token (a link works once; StrictMode renders twice): the outcome, refusal included,
 * is the query's data and is kept for the session.
 */
export const confirmMailChangeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['mail-change', token], queryFn: () => confirmMailChange(token) });

/** The screen suspends until the outcome is known. */
export const useConfirmMailChange = (token: string) => useSuspenseQuery(confirmMailChangeQueryOptions(token)).data;
