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

/** GET /api/chats.php?page=: spec section 3's chat list item, with what the list shows; newest activity first. */
export const chatsQuery = z.object({
  page: z.coerce.number().int(issue('invalid_request')).min(1, issue('invalid_request')).max(1000, issue('invalid_request')).default(1),
});
export type ChatItem = {
  conversation: number;
  profile: number;
  num_unread_messages: number;
  other: ChatProfile;
  last_message: Pick<Message, 'kind' | 'text' | 'gift' | 'mine' | 'created_at' | 'removed'> | null;
  updated_at: string;
};
export type ChatsAnswer = { chats: ChatItem[]; page: number; more: boolean; total_unread: number };

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
