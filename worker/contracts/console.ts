import * as z from 'zod';
import type { GiftId, MessageKind } from './chat';
import { GIFTS } from './chat.values';
import { issue } from './errors';

/**
 * The chat console's calls (`/api/operator/…` on the operator host; roles `chat` and `admin`,
 * the figures `admin` only): the queue of members waiting for a fictional profile, the lock,
 * the answering screen, answers, notes. No answer carries a member's e-mail, payment data or
 * other conversations.
 */

/** How long a taken conversation stays locked to its operator without typing or an answer. */
export const CHAT_LOCK_SECONDS = 180;
/** Queue page size (oldest waiting first, keyset paged). */
export const CHAT_QUEUE_PAGE = 50;
/** The answering screen shows at most this many of the newest messages. */
export const CHAT_CONVERSATION_MESSAGES = 200;

/** GET chat-queue.php?site=&language=&after=: the company's waiting conversations, oldest first. */
export const chatQueueQuery = z.object({
  site: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  language: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  after: z
    .string()
    .regex(/^[0-9TZ:.-]{20,30}\|\d{1,16}$/)
    .optional(),
});
export type ChatQueueQuery = z.infer<typeof chatQueueQuery>;

export type ChatQueueItem = {
  conversation: number;
  waiting_since: string;
  site: string;
  language: string;
  member: { id: number; name: string; age: number; country: string };
  fictional: { id: number; name: string };
  last_message: { kind: MessageKind; text: string | null; gift: GiftId | null; created_at: string } | null;
  /** Who holds the lock now: me, another operator (by name), or nobody. */
  lock: { mine: boolean; operator: string; until: string } | null;
};
/** `waiting`: how many wait under these filters (first page only); `sites`/`languages`: what the filters offer. */
export type ChatQueueAnswer = { items: ChatQueueItem[]; next: string | null; waiting: number | null; sites: string[]; languages: string[] };

/** POST chat-lock.php {conversation, action}: take (or renew) the lock, or release it. */
export const chatLockInput = z.object({ conversation: z.number().int().positive(), action: z.enum(['take', 'release']) }).strict();
export type ChatLockInput = z.infer<typeof chatLockInput>;
export type ChatLockAnswer = { conversation: number; locked_until: string | null };

/** A photo on the answering screen: an operator-only URL of its thumbnail. */
export type ChatPhoto = { id: string; thumb: string };
export type ChatConsoleMessage = {
  id: number;
  /** Written by the member, or by the fictional profile (an operator, or before the console). */
  from: 'member' | 'fictional';
  kind: MessageKind;
  text: string | null;
  gift: GiftId | null;
  image: string | null;
  created_at: string;
  /** A moderator removed its content (text, gift and image are empty): the console says so. */
  removed: boolean;
};
export type ChatNote = { id: number; operator: string; note: string; created_at: string };

/** GET chat.php?conversation=: the answering screen, for the operator holding the lock. */
export const chatConversationQuery = z.object({ conversation: z.coerce.number().int().positive() });
export type ChatConversationAnswer = {
  conversation: number;
  locked_until: string;
  site: string;
  /** The member as their profile shows them to others, with their photos; no e-mail, no payments, no other conversations. */
  member: {
    id: number;
    name: string;
    age: number;
    gender: string;
    country: string;
    region: string | null;
    city: string | null;
    language: string;
    about_me: string | null;
    photos: ChatPhoto[];
  };
  fictional: { id: number; name: string; age: number; persona_note: string; photos: ChatPhoto[] };
  messages: ChatConsoleMessage[];
  notes: ChatNote[];
  /** Suggested answers in the member's language. */
  suggestions: string[];
  gifts: GiftId[];
};

/** POST chat-answer.php: text, a photo of the fictional profile's gallery, or a gift; free for the member. */
const answerBase = { conversation: z.number().int().positive(), client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) };
export const chatAnswerInput = z.discriminatedUnion('kind', [
  z.object({ ...answerBase, kind: z.literal('text'), text: z.string().trim().min(1).max(2000) }).strict(),
  z.object({ ...answerBase, kind: z.literal('image'), photo: z.string().regex(/^[0-9a-f-]{36}$/) }).strict(),
  z.object({ ...answerBase, kind: z.literal('gift'), gift: z.enum(GIFTS, { error: issue('invalid_request') }) }).strict(),
]);
export type ChatAnswerInput = z.infer<typeof chatAnswerInput>;
export type ChatAnswerAnswer = { message: ChatConsoleMessage };

/** POST chat-typing.php {conversation}: renews the lock and shows the member that the profile types. */
export const chatTypingInput = z.object({ conversation: z.number().int().positive() }).strict();
export type ChatTypingAnswer = { locked_until: string };

/** POST chat-note.php: a note about this member for this fictional profile. */
export const chatNoteInput = z.object({ conversation: z.number().int().positive(), note: z.string().trim().min(1).max(1000) }).strict();
export type ChatNoteAnswer = { note: ChatNote };

/** GET chat-file.php?conversation=&photo= | &message=: a thumbnail for the operator holding the lock. */
export const chatFileQuery = z.union([
  z.object({ conversation: z.coerce.number().int().positive(), photo: z.string().regex(/^[0-9a-f-]{36}$/) }).strict(),
  z.object({ conversation: z.coerce.number().int().positive(), message: z.coerce.number().int().positive() }).strict(),
]);

/** GET chat-figures.php?from=&to= (admin): whole UTC days, at most 92. */
export const chatFiguresQuery = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export type ChatFiguresDay = {
  site: string;
  day: string;
  purchases: number;
  /** Paid purchases per currency, minor units. */
  revenue: Record<string, number>;
  /** Credits members spent (the ledger). */
  credits_spent: number;
  member_messages: number;
  operator_answers: number;
  /** Median seconds from the first unanswered member message to the answer; null without answers. */
  median_answer_seconds: number | null;
};
export type ChatFiguresOperator = { id: number; name: string; answers: number; median_answer_seconds: number | null };
export type ChatFiguresAnswer = { from: string; to: string; days: ChatFiguresDay[]; operators: ChatFiguresOperator[] };
