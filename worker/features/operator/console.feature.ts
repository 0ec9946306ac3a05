import type { Feature } from '../../lib/feature';
import { eraseOperatorNotes } from './console.queries';

/** The chat console keeps operators' notes about a member (or a fictional profile): erasure deletes them. Its figures hold no member data. */
export const chatConsoleFeature: Feature = {
  name: 'chat-console',
  erase: ({ db, memberId }) => eraseOperatorNotes(db, memberId),
};
