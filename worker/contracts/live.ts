import { z } from 'zod';
import type { Message } from './chat';

/**
 * What a member's open tabs receive on the live connection (GET /api/live.php, a WebSocket):
 * a message in one of their conversations (sent by the other member, or by themselves in
 * another tab, with their balances then), a conversation read by the other or in another tab,
 * the other member typing, and a message a moderator removed (both sides show it as removed). The server answers "ping" with "pong".
 */
export type LiveEvent =
  | { type: 'message'; conversation: number; from: number; message: Message; credits?: number; free_messages_left?: number; free_conversations_left?: number }
  | { type: 'read'; conversation: number; by: 'me' | 'other' }
  | { type: 'typing'; conversation: number; from: number }
  | { type: 'removed'; conversation: number; message: number };

/**
 * What a tab sends on the live connection besides "ping": the conversations it shows while the
 * tab is visible (an empty list when hidden or elsewhere). The member's Durable Object keeps it
 * with the socket, and a new message is not pushed (Web Push) to a member who is reading it.
 */
export const liveClientMessage = z.object({ type: z.literal('viewing'), conversations: z.array(z.number().int().positive()).max(10) }).strict();
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** POST /api/typing.php {conversation}: tells the other member that I am typing (a client sends it at most every few seconds). */
export const typingInput = z.object({ conversation: z.number().int().positive() }).strict();
export type TypingInput = z.infer<typeof typingInput>;
export type TypingAnswer = { ok: true };

/** The tag of an operator's sockets on their company's desk (a session's tag is its hex hash, so the two never meet). */
export const operatorTag = (operatorId: number) => `operator:${operatorId}`;
