import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { track } from '../../lib/activity';
import { withChunkReload } from '../../lib/chunk-reload';

/**
 * The confirmation reads its answer through React Query, which no other auth screen needs: it
 * is a chunk of its own, so the login page does not load React Query.
 */
const MailChangeConfirm = lazy(withChunkReload(() => track(import('./mail-change-confirm'))));

/** /mail-change/do?token: confirms the new address on arrival (the screen suspends meanwhile). */
export function MailChangeDoPage() {
  return <MailChangeConfirm token={useSearchParams()[0].get('token')} />;
}
