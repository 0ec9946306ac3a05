import * as z from 'zod';
import type { Photo, PhotoRef } from './common';
import { GIFTS, MESSAGE_KINDS } from './chat.values';
import { issue } from './errors';

export { BADGE_CAP, CHATS_PAGE, GIFTS, MESSAGE_KINDS, MESSAGES_PAGE } from './chat.values';
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export type GiftId = (typeof GIFTS)[number];

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);

/** A message as either member sees it. `mine`: I sent it; `read`: the other has opened it. */
export type Message = {
  id: number;
  conversation: number;
  mine: boolean;
  kind: MessageKind;
  text: string | null;
  gift: GiftId | null;
  image: PhotoRef | null;
  created_at: string;
  read: boolean;
  /** The client's id of a message this member sent (to match a retried or optimistic send). */
  client_id: string | null;
  /** A moderator removed its content (text, gift and image are empty): it shows as "removed by a moderator". */
  removed: boolean;
};

/** The other member of a conversation, as the list and the chat header show it. */
/** `online`: active in the last ONLINE_MINUTES, never for a member in invisible mode. */
export type ChatProfile = { id: number; name: string; age: number | null; main_image: Photo | null; fictional: boolean; online: boolean };

/**
 * GET /api/chats.php[?before=CURSOR]: spec section 3's chat list items, with what the list shows;
 * newest activity first, CHATS_PAGE a page. A page starts after the cursor the page before answered
 * as `next` (the last row's activity and conversation id: a deep page reads only its own rows, and a
 * conversation that moves to the top meanwhile is not shown twice).
 */
export const chatsQuery = z.object({
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z_\d{1,15}$/, issue('invalid_request'))
    .transform((cursor): ChatsCursor => {
      const [at, id] = cursor.split('_') as [string, string];
      return { at, id: Number(id) };
    })
    .optional(),
});
/** Where a page of the chat list starts: after this activity time, and below this conversation id at the same time. */
export type ChatsCursor = { at: string; id: number };
/** The cursor of the page after a row: `chatsQuery`'s `before`. */
export const chatsCursor = (row: { updated_at: string; conversation: number }) => `${row.updated_at}_${row.conversation}`;
export type ChatItem = {
  conversation: number;
  profile: number;
  num_unread_messages: number;
  other: ChatProfile;
  last_message: Pick<Message, 'kind' | 'text' | 'gift' | 'mine' | 'created_at' | 'removed'> | null;
  updated_at: string;
};
/** `next`: the cursor of the page after this one (null on the last page). */
export type ChatsAnswer = { chats: ChatItem[]; next: string | null; more: boolean; total_unread: number };

/** DELETE /api/chat.php: one conversation, or every conversation with a profile, for this member only. */
export const deleteChatInput = z.union([
  z.object({ conversation: z.number().int().positive() }).strict(),
  z.object({ profile: z.number().int().positive() }).strict(),
]);
export type DeleteChatInput = z.infer<typeof deleteChatInput>;
export type DeleteChatAnswer = { deleted: number };

/**
 * GET /api/messages.php?conversation=ID[&before=MESSAGE_ID] or ?profile=MEMBER_ID: 30 a page,
 * newest first; the first page marks the conversation read. By profile: the conversation with
 * that member, or none yet (`conversation: null`).
 */
export const messagesQuery = z
  .object({ conversation: id.optional(), profile: id.optional(), before: id.optional() })
  .strict()
  .refine((q) => (q.conversation === undefined) !== (q.profile === undefined), {
    message: issue('invalid_request'),
    path: ['conversation'],
  });
export type MessagesQuery = z.input<typeof messagesQuery>;
export type MessagesAnswer = { conversation: number | null; other: ChatProfile; messages: Message[]; more: boolean };

const clientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, issue('invalid_request'));

/**
 * POST /api/message.php: a text (1 to message_length characters, trimmed) or a gift to a member;
 * `client_id` makes a retry safe (one message, one charge, the same answer). An image is not
 * JSON (`kind: 'image'` here is 400 invalid_request): see sendImageFields.
 */
export const sendInput = z.discriminatedUnion('kind', [
  z
    .object({
      to: z.number().int().positive(),
      kind: z.literal('text'),
      text: z
        .string({ error: issue('message_empty') })
        .trim()
        .min(1, issue('message_empty')),
      client_id: clientId,
    })
    .strict(),
  z
    .object({
      to: z.number().int().positive(),
      kind: z.literal('gift'),
      gift: z.enum(GIFTS, { error: issue('invalid_request') }),
      client_id: clientId,
    })
    .strict(),
]);
export type SendInput = z.input<typeof sendInput>;

/**
 * POST /api/message.php as multipart/form-data: an image to a member, premium members only
 * (403 premium_required otherwise). The fields besides the file, as text: `to` (member id),
 * `kind` = `image`, `client_id`; the file is the field `image` (JPEG, PNG or WebP, checked by
 * content and stripped of metadata like profile photos: 400 invalid_photo or photo_dimensions,
 * 413 invalid_photo above MAX_PHOTO_BYTES). Costs the site's photo_credits (never the free
 * allowance). The answer is SendAnswer; the message's `image.match` is its path under the site's
 * cdn_prefix (`chat/<conversation>/<uuid>.<ext>`), served only to the two members.
 */
export const sendImageFields = z.object({ to: id, kind: z.literal('image', { error: issue('invalid_request') }), client_id: clientId });
export type SendImageInput = { to: number; kind: 'image'; client_id: string; image: File | Blob };
export type SendAnswer = {
  message: Message;
  conversation: number;
  credits: number;
  free_messages_left: number;
  free_conversations_left: number;
};

/** GET /api/gifts.php: the catalogue with names in the member's language and the price. */
export type Gift = { id: GiftId; name: string; credits: number; image: string };
export type GiftsAnswer = { gifts: Gift[] };
