import type { Query, QueryClient } from '@tanstack/react-query';
import type { MessagesAnswer } from '../../worker/contracts/chat';
import { LIVE_CLOSE } from '../../worker/contracts/live.values';
import type { LiveEvent } from '../../worker/contracts/live';
import { chatsQueryKey, refreshChats, updateChats } from './calls/get-chats';
import { chatMessageArrived, chatRead, holdsChat, withMessage, withMineRead, withRemoved, type ChatsData } from './chats';
import { openLiveSocket, type LiveStatus } from './live-socket';
import { refresh as refreshUser } from './session';
import { createStore } from './store';
import { sessionStore, setUser } from './user';

/*
 * The live connection (issue 9): one WebSocket per tab to GET /api/live.php (lib/live-socket.ts),
 * which the worker hands to the member's Durable Object. Events go straight into React Query's
 * cache of chats and messages and into the session's user; D1 stays the truth, so after a gap (a reconnect, a
 * hidden tab coming back) the open views load again. While it is open the app stops polling the
 * chats and the open conversation (spec section 9 polls only without a live connection).
 */

export type { LiveStatus };
export const liveStore = createStore<LiveStatus>('off');

/** Typing in a conversation shows this long after the last typing event (the sender repeats it every TYPING_EVERY_MS). */
export const TYPING_SHOWS_MS = 6_000;
export const TYPING_EVERY_MS = 3_000;
/** Conversation id → when its typing indicator goes out (ms since the epoch). */
export const typingStore = createStore<Readonly<Record<number, number>>>({});

/** Where a banned member's tab goes: /pages/ban, with the ban's appeal link when the close reason carries its token. */
export function banPage(reason: string) {
  const token = /^banned ([A-Za-z0-9_.-]{1,100})$/.exec(reason)?.[1];
  return token ? `/pages/ban#appeal=${token}` : '/pages/ban';
}

const messagesQueries = (client: QueryClient) => client.getQueryCache().findAll({ queryKey: ['messages'] });
const dataOfQuery = (q: Query) => q.state.data as MessagesAnswer | undefined;
/** A conversation is being read when its query is on screen in a visible tab. */
const onScreen = (q: Query) => q.getObserversCount() > 0 && document.visibilityState === 'visible';

function setTyping(conversation: number, until: number | null) {
  const now = Date.now();
  const next: Record<number, number> = {};
  for (const [id, at] of Object.entries(typingStore.get())) if (at > now && Number(id) !== conversation) next[Number(id)] = at;
  if (until !== null) next[conversation] = until;
  typingStore.set(next);
}

/** Puts one event into the caches (exported for tests). */
export async function applyLiveEvent(client: QueryClient, event: LiveEvent) {
  if (event.type === 'typing') {
    setTyping(event.conversation, Date.now() + TYPING_SHOWS_MS);
    return;
  }
  if (event.type === 'removed') {
    // a moderator removed a message: both sides show it as removed (the list's preview loads again)
    for (const q of messagesQueries(client))
      if (dataOfQuery(q)?.conversation === event.conversation)
        client.setQueryData<MessagesAnswer>(q.queryKey, (d) => d && withRemoved(d, event.message));
    if (client.getQueryData(chatsQueryKey) !== undefined) await refreshChats(client);
    return;
  }
  if (event.type === 'read') {
    if (event.by === 'me')
      await updateChats(client, chatRead(event.conversation)); // read in another tab
    else
      for (const q of messagesQueries(client))
        if (dataOfQuery(q)?.conversation === event.conversation)
          client.setQueryData<MessagesAnswer>(q.queryKey, (d) => d && withMineRead(d));
    return;
  }
  const { conversation, message, from } = event;
  const user = sessionStore.get().user;
  // my own send from another tab carries my balances after it
  if (user && event.credits !== undefined)
    setUser({
      ...user,
      credits: event.credits,
      free_messages_left: event.free_messages_left ?? user.free_messages_left,
      free_conversations_left: event.free_conversations_left ?? user.free_conversations_left,
    });
  if (!message.mine) setTyping(conversation, null); // their message ends their typing

  let reading = false;
  for (const q of messagesQueries(client)) {
    const held = dataOfQuery(q);
    if (!held) continue;
    const ours = held.conversation === conversation || (held.conversation === null && !message.mine && held.other.id === from);
    if (!ours) {
      // a first message of mine from another tab, to a member whose empty conversation is held here
      if (held.conversation === null && message.mine) void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
      continue;
    }
    client.setQueryData<MessagesAnswer>(q.queryKey, (d) => d && withMessage(d, conversation, message));
    if (!message.mine && onScreen(q)) {
      reading = true;
      // loading the newest page reads it on the server, which tells the sender and my other tabs
      void client.invalidateQueries({ queryKey: q.queryKey, exact: true });
    }
  }
  if (holdsChat(client.getQueryData<ChatsData>(chatsQueryKey), conversation))
    await updateChats(client, chatMessageArrived(conversation, message, !reading));
  else if (client.getQueryData(chatsQueryKey) !== undefined) await refreshChats(client); // a new conversation: its card comes from the list
}

/**
 * The conversations this tab shows while it is visible (sorted), for the worker: a new message in
 * one of them is not pushed (Web Push) to the member, who is reading it already.
 */
export function viewedConversations(client: QueryClient): number[] {
  if (document.visibilityState !== 'visible') return [];
  const ids = new Set<number>();
  for (const q of messagesQueries(client)) {
    const conversation = dataOfQuery(q)?.conversation;
    if (q.getObserversCount() > 0 && conversation) ids.add(conversation);
  }
  return [...ids].sort((a, b) => a - b).slice(0, 10);
}

/** After a gap the caches may have missed events: the list and what is on screen load again. */
function catchUp(client: QueryClient) {
  if (client.getQueryData(chatsQueryKey) !== undefined) void refreshChats(client);
  void client.invalidateQueries({ queryKey: ['messages'], refetchType: 'active' });
}

/**
 * Opens the live connection for the logged-in member and keeps it open (lib/live-socket.ts:
 * pings, reconnects with backoff, at once when the browser comes back online); returns the
 * function that closes it.
 */
export function startLive(client: QueryClient, { url }: { url?: string } = {}): () => void {
  // what the worker was last told this tab shows (a new socket shows nothing until told)
  let told = '[]';
  const tellViewing = () => {
    const conversations = viewedConversations(client);
    const text = JSON.stringify(conversations);
    if (text !== told && live.send({ type: 'viewing', conversations })) told = text;
  };
  const live = openLiveSocket({
    side: 'member',
    url,
    onStatus: (status) => liveStore.set(status),
    onOpen: (again) => {
      told = '[]';
      tellViewing();
      if (again) catchUp(client);
    },
    onEvent: (event) => void applyLiveEvent(client, event),
    onClose: (code, reason) => {
      if (code === LIVE_CLOSE.banned) {
        // banned: the session is gone; a fresh page load shows /pages/ban as a visitor's page
        location.assign(banPage(reason));
        return 'stop';
      }
      if (code === LIVE_CLOSE.sessionEnded) {
        // logged out elsewhere: the session store forgets the member, which stops this connection
        void refreshUser();
        return 'wait';
      }
      return 'retry';
    },
    // refused upgrades: does the session still stand?
    onRefused: () => void refreshUser(),
  });
  const unwatch = client.getQueryCache().subscribe((event) => {
    if (
      event.query.queryKey[0] === 'messages' &&
      (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'updated')
    )
      tellViewing();
  });
  const visible = () => {
    tellViewing();
    if (document.visibilityState !== 'visible') return;
    // a line that was down opens again; over one that stayed open, what arrived while hidden was
    // counted unread: the conversation on screen reads it now
    if (!live.wake()) void client.invalidateQueries({ queryKey: ['messages'], refetchType: 'active' });
  };
  // logging out here (lib/session.ts): no reconnect may race the session's end (its upgrade would be refused)
  const leaving = () => live.hold();
  window.addEventListener('app:logout', leaving);
  document.addEventListener('visibilitychange', visible);

  return () => {
    unwatch();
    window.removeEventListener('app:logout', leaving);
    document.removeEventListener('visibilitychange', visible);
    live.close();
    typingStore.set({});
  };
}
