import type { Feature } from '../../lib/feature';
import { exportChat } from './chat.export';
import { eraseChat, sentImageKeys } from './chat.queries';

export const chatFeature: Feature = {
  name: 'chat',
  tables: ['conversations', 'conversation_members', 'messages'],
  export: exportChat,
  // the images the member sent first (R2 deletes at most 1,000 keys a call), then the rows
  erase: async ({ db, env, memberId }) => {
    const keys = await sentImageKeys(db, memberId);
    for (let i = 0; i < keys.length; i += 1000) await env.PHOTOS.delete(keys.slice(i, i + 1000));
    return eraseChat(db, memberId);
  },
};
