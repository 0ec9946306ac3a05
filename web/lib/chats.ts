import type { InfiniteData } from '@tanstack/react-query';
import type { ChatItem, ChatsAnswer, DeleteChatInput, Message, MessagesAnswer } from '../../worker/contracts/chat';

/** The chats as React Query holds them: the pages of GET /api/chats.php loaded so far. */
export type ChatsData = InfiniteData<ChatsAnswer, string | null>;

export type ChatsView = {
  /** Newest activity first, each conversation once (a conversation can move between pages while they load). */
  chats: ChatItem[];
  /** The unread badge (spec section 3 "total unread messages"). */
  totalUnread: number;
  more: boolean;
};

/** The list and the badge count, from the pages (a pure function). */
export function deriveChats(data: ChatsData): ChatsView {
  const seen = new Set<number>();
  const chats = data.pages.flatMap((p) => p.chats).filter((c) => !seen.has(c.conversation) && !!seen.add(c.conversation));
  return { chats, totalUnread: data.pages[0]?.total_unread ?? 0, more: data.pages.at(-1)?.more ?? false };
}

/*
 * Local changes to the chats held, each mirroring what the server just did; the same data comes
 * back unchanged when there is nothing to change. Every page carries the total, so each is kept right.
 */

/** Removes the matching conversations and their unread messages from the total. */
function without(d: ChatsData, gone: (c: ChatItem) => boolean): ChatsData {
  const removed = d.pages.flatMap((p) => p.chats.filter(gone));
  if (!removed.length) return d;
  const unread = removed.reduce((n, c) => n + c.num_unread_messages, 0);
  return {
    ...d,
    pages: d.pages.map((p) => ({ ...p, chats: p.chats.filter((c) => !gone(c)), total_unread: Math.max(0, p.total_unread - unread) })),
  };
}

/** Opening a conversation sets its unread count to 0 (spec section 4); the server does the same on its first page. */
export const chatRead =
  (conversation: number) =>
  (d: ChatsData): ChatsData => {
    const unread = d.pages.flatMap((p) => p.chats).find((c) => c.conversation === conversation)?.num_unread_messages ?? 0;
    if (!unread) return d;
    return {
      ...d,
      pages: d.pages.map((p) => ({
        ...p,
        chats: p.chats.map((c) => (c.conversation === conversation ? { ...c, num_unread_messages: 0 } : c)),
        total_unread: Math.max(0, p.total_unread - unread),
      })),
    };
  };

/** Deleting removes it locally at once; by profile, every conversation with that member (spec section 4, a block too). */
export const chatsWithout =
  (input: DeleteChatInput) =>
  (d: ChatsData): ChatsData =>
    without(d, 'conversation' in input ? (c) => c.conversation === input.conversation : (c) => c.profile === input.profile);

/**
 * A conversation with a newer last message (sent here, or seen in the open conversation) goes to
 * the top; one not held is added only when `add` (a send: it is the newest now).
 */
export const chatActive =
  (item: ChatItem, add = true) =>
  (d: ChatsData): ChatsData => {
    const held = d.pages.flatMap((p) => p.chats).find((c) => c.conversation === item.conversation);
    if (held ? Date.parse(held.updated_at) >= Date.parse(item.updated_at) : !add) return d;
    const next = { ...item, num_unread_messages: held?.num_unread_messages ?? item.num_unread_messages };
    const rest = d.pages.map((p) => ({ ...p, chats: p.chats.filter((c) => c.conversation !== item.conversation) }));
    return { ...d, pages: rest.map((p, i) => (i === 0 ? { ...p, chats: [next, ...p.chats] } : p)) };
  };

/**
 * A message at the top of the open conversation held (once: a retry, or the same message from
 * the live connection and the send's answer, is one message; the later copy wins).
 */
export function withMessage(held: MessagesAnswer, conversation: number, message: Message): MessagesAnswer {
  const messages = held.messages.some((m) => m.id === message.id)
    ? held.messages.map((m) => (m.id === message.id ? message : m))
    : [message, ...held.messages];
  return { ...held, conversation, messages };
}

/** A moderator removed a message's content: it shows as removed. */
export function withRemoved(held: MessagesAnswer, id: number): MessagesAnswer {
  if (!held.messages.some((m) => m.id === id)) return held;
  return { ...held, messages: held.messages.map((m) => (m.id === id ? { ...m, text: '', gift: null, image: null, removed: true } : m)) };
}

/** The other read my messages: every message of mine in the conversation held is read (spec section 4). */
export function withMineRead(held: MessagesAnswer): MessagesAnswer {
  if (!held.messages.some((m) => m.mine && !m.read)) return held;
  return { ...held, messages: held.messages.map((m) => (m.mine && !m.read ? { ...m, read: true } : m)) };
}

/**
 * A message arrived on the live connection in a conversation held: it goes to the top with its
 * preview and time; one from the other counts as unread unless the member is reading it now.
 * Conversations not held are unchanged (the caller loads the list again: it lacks the other's card).
 */
export const chatMessageArrived =
  (conversation: number, message: Message, unread: boolean) =>
  (d: ChatsData): ChatsData => {
    const held = d.pages.flatMap((p) => p.chats).find((c) => c.conversation === conversation);
    if (!held) return d;
    const add = unread && !message.mine ? 1 : 0;
    const next: ChatItem = {
      ...held,
      num_unread_messages: held.num_unread_messages + add,
      last_message: {
        kind: message.kind,
        text: message.text,
        gift: message.gift,
        mine: message.mine,
        created_at: message.created_at,
        removed: message.removed,
      },
      updated_at: message.created_at,
    };
    const rest = d.pages.map((p) => ({
      ...p,
      chats: p.chats.filter((c) => c.conversation !== conversation),
      total_unread: p.total_unread + add,
    }));
    return { ...d, pages: rest.map((p, i) => (i === 0 ? { ...p, chats: [next, ...p.chats] } : p)) };
  };

/** Whether the chats held include this conversation. */
export const holdsChat = (d: ChatsData | undefined, conversation: number) =>
  !!d?.pages.some((p) => p.chats.some((c) => c.conversation === conversation));
