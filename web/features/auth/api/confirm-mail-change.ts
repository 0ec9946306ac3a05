import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tokenInput } from '../../../../worker/contracts/account';
import { api } from '../../../lib/request';

/** POST /api/mail-change-do.php {token}: `user` only when the link is opened in the member's own session. */
export const confirmMailChange = (token: string) => api.post('/api/mail-change-do.php', { token } satisfies z.input<typeof tokenInput>);

/**
 * Once per token (a link works once; StrictMode renders twice): the outcome, refusal included,
 * is the query's data and is kept for the session.
 */
export const confirmMailChangeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['mail-change', token], queryFn: () => confirmMailChange(token) });

/** The screen suspends until the outcome is known. */
export const useConfirmMailChange = (token: string) => useSuspenseQuery(confirmMailChangeQueryOptions(token)).data;
