/**
 * Notification preferences' plain values (spec section 3) and why mail stopped: zod-free, so the
 * web imports them; contracts/notifications.ts re-exports them.
 */

/** Spec section 3's notification preference types (h-push uses the same keys), each per channel. */
export const NOTIFICATION_TYPES = [
  'new_conversation',
  'new_message',
  'like',
  'unread_reminder',
  'promotions',
  'weekly_update',
  'news',
  'reminders',
] as const;
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;

/** Without a choice of the member's: on, except promotions and news, which need the member's consent (opt-in). */
export const NOTIFICATION_DEFAULTS: Record<(typeof NOTIFICATION_TYPES)[number], boolean> = {
  new_conversation: true,
  new_message: true,
  like: true,
  unread_reminder: true,
  promotions: false,
  weekly_update: true,
  news: false,
  reminders: true,
};

/** Why mail to a member's address stopped (spec section 4): `notifications_disabled` lists these. */
export const MAIL_DISABLED_REASONS = ['spam_complaint', 'bounce', 'unsubscribe'] as const;
