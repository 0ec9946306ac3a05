/**
 * The chat's plain values (pages, message kinds, gifts, the unread badge): zod-free, so the web
 * imports them; contracts/chat.ts re-exports them.
 */

/** Chat: messages a page (newest first, paged backwards), conversations a page of the list. */
export const MESSAGES_PAGE = 30;
export const CHATS_PAGE = 30;

/** The kinds of message. */
export const MESSAGE_KINDS = ['text', 'gift', 'image'] as const;

/** The gift catalogue: names in locales (gifts.<id>), images in web/public/gifts/<id>.svg, price the site's gift_credits. */
export const GIFTS = ['rose', 'heart', 'champagne', 'chocolate', 'teddy', 'diamond'] as const;

/** The unread badge shows 99+ from 100. */
export const BADGE_CAP = 99;
