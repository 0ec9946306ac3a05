import type { User } from '../../../worker/contracts/account';
import type { ChatItem, ChatProfile, Message, MessagesAnswer } from '../../../worker/contracts/chat';
export { withMessage as withSent } from '../../lib/chats';
import type { Settings } from '../../../worker/contracts/site';
import type { T } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';

/** A conversation is opened by its id (/chats/:id) or by the other member (/members/:id/chat). */
export type ChatTarget = { conversation: number } | { profile: number };

/** The target of a route's id, or null when it is not a member or conversation id. */
export function targetOf(id: string | undefined, by: 'conversation' | 'profile'): ChatTarget | null {
  if (!id || !/^[1-9]\d{0,15}$/.test(id) || !Number.isSafeInteger(Number(id))) return null;
  return by === 'profile' ? { profile: Number(id) } : { conversation: Number(id) };
}

export const targetKey = (target: ChatTarget) => ('conversation' in target ? `c${target.conversation}` : `p${target.profile}`);

/*
 * The open conversation as held (newest first, as the server pages it). A refresh loads only the
 * newest page and merges it with what is held; "load earlier" appends older pages.
 */

/** The newest page merged into what is held: newer messages and read ticks from the server, older pages kept. */
export function withNewest(held: MessagesAnswer | undefined, fresh: MessagesAnswer): MessagesAnswer {
  if (!held || !fresh.more || held.conversation !== fresh.conversation || !held.messages.length) return fresh;
  const oldest = fresh.messages.at(-1)!.id;
  // more came in than one page holds: the held messages no longer join on, start over from the newest page
  if (held.messages[0]!.id < oldest) return fresh;
  // the other opens a conversation all at once: a read message of mine means every older one is read too
  const read = fresh.messages.some((m) => m.mine && m.read);
  const older = held.messages.filter((m) => m.id < oldest).map((m) => (read && m.mine && !m.read ? { ...m, read } : m));
  return { ...fresh, messages: [...fresh.messages, ...older], more: older.length ? held.more : fresh.more };
}

/** An older page (GET …&before=) after what is held. */
export function withOlder(held: MessagesAnswer, page: MessagesAnswer): MessagesAnswer {
  const oldest = held.messages.at(-1)?.id ?? Infinity;
  return { ...held, messages: [...held.messages, ...page.messages.filter((m) => m.id < oldest)], more: page.more };
}

/** The list item of a conversation whose newest message this is. */
export const chatItemFor = (conversation: number, other: ChatProfile, m: Message): ChatItem => ({
  conversation,
  profile: other.id,
  num_unread_messages: 0,
  other,
  last_message: { kind: m.kind, text: m.text, gift: m.gift, mine: m.mine, created_at: m.created_at, removed: m.removed },
  updated_at: m.created_at,
});

/** A new idempotency key for a send: the server takes /^[A-Za-z0-9_-]{8,64}$/. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a text message costs this member: free while the free messages last, else credits (and their money value here). */
export type Price = { free: true; left: number } | { free: false; credits: number; money: string | null };

type PriceSettings = Pick<Settings, 'message_credits' | 'minimum_message_costs' | 'geoip_selected_country'>;

export function textPrice(user: Pick<User, 'paid_user' | 'free_messages_left'>, settings: PriceSettings, locale: string): Price {
  if (!user.paid_user && user.free_messages_left > 0) return { free: true, left: user.free_messages_left };
  return { free: false, credits: settings.message_credits, money: moneyPerMessage(settings, locale) };
}

/** Spec section 9: message costs per visitor country come from settings (minor units of its currency). */
export function moneyPerMessage(settings: PriceSettings, locale: string): string | null {
  const costs = (settings.minimum_message_costs as Partial<Record<string, { costs: number; currency: string }>>)[
    settings.geoip_selected_country
  ];
  if (!costs) return null;
  try {
    new Intl.NumberFormat(locale, { style: 'currency', currency: costs.currency });
  } catch {
    return null; // an unknown currency code
  }
  return formatMoney(costs.costs, costs.currency, locale);
}

/*
 * Times in the member's own time zone (the device's).
 */

const valid = (iso: string) => !Number.isNaN(new Date(iso).getTime());
const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
const daysBetween = (a: Date, b: Date) =>
  Math.round(
    (new Date(b.getFullYear(), b.getMonth(), b.getDate()).getTime() - new Date(a.getFullYear(), a.getMonth(), a.getDate()).getTime()) /
      86_400_000,
  );

/** "14:05" */
export const clockTime = (iso: string, locale: string) =>
  valid(iso) ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)) : '';

/** The day a message was sent, to group them: the same key for the same local day. */
export const dayKey = (iso: string) => (valid(iso) ? dayOf(new Date(iso)) : '');

type Words = { today: string; yesterday: string };

/** A day divider: today, yesterday, "dinsdag 3 maart" (with the year when another year). */
export function dayLabel(iso: string, now: Date, locale: string, words: Words): string {
  if (!valid(iso)) return '';
  const date = new Date(iso);
  const ago = daysBetween(date, now);
  if (ago === 0) return words.today;
  if (ago === 1) return words.yesterday;
  const year = date.getFullYear() !== now.getFullYear() ? 'numeric' : undefined;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year }).format(date);
}

/** The list's time: the clock today, yesterday, the weekday within a week, else the date. */
export function listTime(iso: string, now: Date, locale: string, words: Words): string {
  if (!valid(iso)) return '';
  const date = new Date(iso);
  const ago = daysBetween(date, now);
  if (ago <= 0) return clockTime(iso, locale);
  if (ago === 1) return words.yesterday;
  if (ago < 7) return new Intl.DateTimeFormat(locale, { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: date.getFullYear() !== now.getFullYear() ? '2-digit' : undefined,
  }).format(date);
}

/** "Gratis · nog 3 gratis berichten", or "2 credits per bericht (vanaf € 0,45)". */
export function priceText(t: T, price: Price): string {
  if (price.free) return t('chat.price_free', { count: price.left });
  return price.money ? t('chat.price_money', { credits: price.credits, money: price.money }) : t('chat.price', { credits: price.credits });
}
