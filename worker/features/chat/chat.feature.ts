import type { Feature } from '../../lib/feature';
import { archiveIdleConversations, eraseArchived } from './chat.archive';
import { exportChat } from './chat.export';
import { eraseChat, sentImageKeys } from './chat.queries';

export const chatFeature: Feature = {
  name: 'chat',
  tables: ['conversations', 'conversation_members', 'messages', 'message_archives'],
  export: exportChat,
  // the images the member sent and their archived messages first (R2 deletes at most 1,000 keys a call), then the rows
  erase: async ({ db, env, memberId }) => {
    const keys = await sentImageKeys(db, memberId);
    for (let i = 0; i < keys.length; i += 1000) await env.PHOTOS.delete(keys.slice(i, i + 1000));
    return [...(await eraseArchived(db, env, memberId)), ...eraseChat(db, memberId)];
  },
  jobs: [{ name: 'archive-idle-conversations', schedule: 'every5', run: archiveIdleConversations }],
};
