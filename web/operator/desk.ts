import type { QueryClient } from '@tanstack/react-query';
import { LIVE_CLOSE } from '../../worker/contracts/live.values';
import { openLiveSocket, type LiveStatus } from '../lib/live-socket';

/**
 * The console's live connection to the company's desk (lib/live-socket.ts, the same plumbing as a
 * member's tab): any event reloads the queue and the conversation it names, and an opened line
 * the queue (whatever happened while away); D1 stays the source of truth. A close because the
 * session or its right to the desk ended (a logout, disabled, another role) asks who is logged
 * in: the console then shows the login, or the screens the role allows, which ends this
 * connection; meanwhile the line is tried again (a role that keeps the desk reconnects).
 * Returns the function that closes it.
 */
export function startDesk(client: QueryClient, onStatus: (status: LiveStatus) => void, url?: string): () => void {
  const whoIsIn = () => void client.invalidateQueries({ queryKey: ['me'] });
  const live = openLiveSocket({
    side: 'desk',
    url,
    onStatus,
    onOpen: () => void client.invalidateQueries({ queryKey: ['chat-queue'] }),
    onEvent: (event) => {
      void client.invalidateQueries({ queryKey: ['chat-queue'] });
      if (event.reason === 'message') void client.invalidateQueries({ queryKey: ['chat', event.conversation] });
    },
    onClose: (code) => {
      if (code === LIVE_CLOSE.sessionEnded) whoIsIn();
      return 'retry';
    },
    onRefused: whoIsIn,
  });
  return live.close;
}
