import type { Feature } from '../../lib/feature';
import { eraseOperatorNotes, releaseExpiredLocks } from './console.queries';

/**
 * The chat console keeps operators' notes about a member (or a fictional profile): erasure deletes
 * them. They are working notes of the site's staff about a conversation, not exported (README,
 * "Data export"). Its figures hold no member data.
 */
export const chatConsoleFeature: Feature = {
  name: 'chat-console',
  tables: ['operator_notes'],
  erase: ({ db, memberId }) => eraseOperatorNotes(db, memberId),
  // a lock that ran out is released with its audit row, as a release by hand is
  jobs: [{ name: 'chat-lock-timeouts', schedule: 'every5', run: ({ db, now }) => releaseExpiredLocks(db, now) }],
};
