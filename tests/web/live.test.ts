import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatsQueryKey } from '../../web/lib/calls/get-chats';
import { deriveChats, type ChatsData } from '../../web/lib/chats';
import { applyLiveEvent, liveStore, startLive, typingStore } from '../../web/lib/live';
import { backoffDelay } from '../../web/lib/live-socket';
import { sessionStore, setUser } from '../../web/lib/user';
import type { ChatItem, ChatProfile, ChatsAnswer, Message, MessagesAnswer } from '../../worker/contracts/chat';
import type { LiveEvent } from '../../worker/contracts/live';
import { member } from './account-helpers';

const SANNE: ChatProfile = { id: 5, name: 'Sanne', age: 29, main_image: null, fictional: false, online: false };
const EVA: ChatProfile = { id: 7, name: 'Eva', age: 31, main_image: null, fictional: false, online: false };

const item = (conversation: number, other: ChatProfile, unread: number, at: string): ChatItem => ({
  conversation,
  profile: other.id,
  num_unread_messages: unread,
  other,
  last_message: { kind: 'text', text: 'Hoi', gift: null, mine: false, created_at: at, removed: false },
  updated_at: at,
});
const page = (list: ChatItem[]): ChatsAnswer => ({
  chats: list,
  next: null,
  more: false,
  total_unread: list.reduce((n, c) => n + c.num_unread_messages, 0),
});
const message = (id: number, over: Partial<Message> = {}): Message => ({
  id,
  conversation: 11,
  mine: false,
  kind: 'text',
  text: `Bericht ${id}`,
  gift: null,
  image: null,
  created_at: '2026-03-04T09:00:00.000Z',
  read: false,
  client_id: null,
  removed: false,
  ...over,
});
const held = (messages: Message[], over: Partial<MessagesAnswer> = {}): MessagesAnswer => ({
  conversation: 11,
  other: SANNE,
  messages,
  more: false,
  ...over,
});

let client: QueryClient;
const chats = () => deriveChats(client.getQueryData<ChatsData>(chatsQueryKey)!);
const conv = (key: object) => client.getQueryData<MessagesAnswer>(['messages', key])!;

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData<ChatsData>(chatsQueryKey, {
    pages: [page([item(21, EVA, 1, '2026-03-03T10:00:00.000Z'), item(11, SANNE, 0, '2026-03-02T10:00:00.000Z')])],
    pageParams: [null],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  typingStore.set({});
  setUser(null);
});

describe('live events into the caches', () => {
  it('a message from the other joins the conversation held, moves it to the top and counts as unread while not on screen', async () => {
    client.setQueryData(['messages', { conversation: 11 }], held([message(40)]));
    await applyLiveEvent(client, { type: 'message', conversation: 11, from: SANNE.id, message: message(41) });
    expect(conv({ conversation: 11 }).messages.map((m) => m.id)).toEqual([41, 40]);
    expect(chats().chats.map((c) => [c.conversation, c.num_unread_messages])).toEqual([
      [11, 1],
      [21, 1],
    ]);
    expect(chats().chats[0]!.last_message?.text).toBe('Bericht 41');
    expect(chats().totalUnread).toBe(2);
    // the same message again (the send's answer, a repeat): once
    await applyLiveEvent(client, { type: 'message', conversation: 11, from: SANNE.id, message: message(41) });
    expect(conv({ conversation: 11 }).messages.map((m) => m.id)).toEqual([41, 40]);
  });

  it('a message in the conversation on screen is read at once: no unread count, and the newest page loads again (which reads it on the server)', async () => {
    const fetched = vi.fn(async () => held([message(41), message(40)]));
    client.setQueryData(['messages', { conversation: 11 }], held([message(40)]));
    const observer = new QueryObserver(client, { queryKey: ['messages', { conversation: 11 }], queryFn: fetched, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    await applyLiveEvent(client, { type: 'message', conversation: 11, from: SANNE.id, message: message(41) });
    expect(chats().chats[0]).toMatchObject({ conversation: 11, num_unread_messages: 0 });
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    unsubscribe();
  });

  it('the first message of a conversation opened by profile finds it; a conversation not held loads the list', async () => {
    client.setQueryData(['messages', { profile: EVA.id }], held([], { conversation: null, other: EVA }));
    const list = vi.spyOn(client, 'fetchInfiniteQuery').mockResolvedValue(undefined as never);
    await applyLiveEvent(client, { type: 'message', conversation: 99, from: EVA.id, message: message(1, { conversation: 99 }) });
    expect(conv({ profile: EVA.id })).toMatchObject({ conversation: 99, messages: [{ id: 1 }] });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('my message from another tab brings my balances; a read by the other ticks my messages; a read in another tab clears the unread count', async () => {
    setUser(member({ credits: 50, paid_user: true }));
    client.setQueryData(
      ['messages', { conversation: 21 }],
      held([message(5, { mine: true, conversation: 21 }), message(4, { mine: true, conversation: 21 })], { conversation: 21, other: EVA }),
    );
    await applyLiveEvent(client, {
      type: 'message',
      conversation: 21,
      from: 1,
      message: message(6, { mine: true, conversation: 21 }),
      credits: 48,
      free_messages_left: 0,
      free_conversations_left: 0,
    });
    expect(sessionStore.get().user?.credits).toBe(48);
    expect(chats().chats[0]).toMatchObject({ conversation: 21, num_unread_messages: 1 }); // my own message adds nothing unread

    await applyLiveEvent(client, { type: 'read', conversation: 21, by: 'other' });
    expect(conv({ conversation: 21 }).messages.every((m) => m.read)).toBe(true);
    await applyLiveEvent(client, { type: 'read', conversation: 21, by: 'me' });
    expect(chats().totalUnread).toBe(0);
  });

  it('typing shows for a few seconds and ends with their message', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-04T10:00:00Z') });
    await applyLiveEvent(client, { type: 'typing', conversation: 11, from: SANNE.id });
    expect(typingStore.get()[11]).toBe(Date.now() + 6_000);
    await applyLiveEvent(client, { type: 'message', conversation: 11, from: SANNE.id, message: message(41) });
    expect(typingStore.get()[11]).toBeUndefined();
  });
});

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

describe('the live connection', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  it('backs off 1 s, 2 s, 4 s… up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
    expect(backoffDelay(0, 0)).toBe(500);
  });

  it('opens, applies events, pings, reconnects after a drop and catches up, and stops for good when closed', async () => {
    vi.useFakeTimers();
    const stop = startLive(client, { url: 'ws://vonkje.localhost/api/live.php' });
    expect(liveStore.get()).toBe('connecting');
    const first = FakeSocket.made[0]!;
    first.open();
    expect(liveStore.get()).toBe('open');

    first.onmessage?.({ data: JSON.stringify({ type: 'typing', conversation: 21, from: EVA.id } satisfies LiveEvent) });
    expect(typingStore.get()[21]).toBeGreaterThan(Date.now());

    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.sent).toEqual(['ping']);
    first.onmessage?.({ data: 'pong' });

    // the line drops: a new socket after the backoff, and the list loads again
    const list = vi.spyOn(client, 'fetchInfiniteQuery').mockResolvedValue(undefined as never);
    first.close(1006);
    expect(liveStore.get()).toBe('off');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.open();
    expect(list).toHaveBeenCalled();

    stop();
    expect(liveStore.get()).toBe('off');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('a silent line (no pong) is closed and reopened; a session ended elsewhere is not reopened', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'authentication_required', message: '' }), { status: 403 })),
    );
    const stop = startLive(client, { url: 'ws://x/api/live.php' });
    FakeSocket.made[0]!.open();
    await vi.advanceTimersByTimeAsync(25_000 + 10_000);
    expect(FakeSocket.made[0]!.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);

    FakeSocket.made[1]!.open();
    FakeSocket.made[1]!.close(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    stop();
  });
});
