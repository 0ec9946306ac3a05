import type { Feature } from '../../lib/feature';
import { eraseChat } from './chat.queries';

export const chatFeature: Feature = {
  name: 'chat',
  erase: ({ db, memberId }) => eraseChat(db, memberId),
};
