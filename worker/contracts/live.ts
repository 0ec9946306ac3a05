import * as z from 'zod';
import type { Message } from './chat';
import type { LIVE_PATHS } from './live.values';

/**
 * The live connections: a WebSocket per open tab (a member's, GET /api/live.php) or console (the
 * chat operators' desk of their company, GET /api/operator/live.php). The server answers the
 * text "ping" with "pong" on both; everything else is JSON, typed per side by LiveSockets. Their
 * addresses and the worker's close codes are values the web uses: live.values.ts (LIVE_PATHS,
 * LIVE_CLOSE).
 */

/**
 * What a member's open tabs receive on the live connection (GET /api/live.php, a WebSocket):
 * a message in one of their conversations (sent by the other member, or by themselves in
 * another tab, with their balances then), a conversation read by the other or in another tab,
 * the other member typing, and a message a moderator removed (both sides show it as removed). The server answers "ping" with "pong".
 */
export type LiveEvent =
  | {
      type: 'message';
      conversation: number;
      from: number;
      message: Message;
      credits?: number;
      free_messages_left?: number;
      free_conversations_left?: number;
    }
  | { type: 'read'; conversation: number; by: 'me' | 'other' }
  | { type: 'typing'; conversation: number; from: number }
  | { type: 'removed'; conversation: number; message: number };

/**
 * What a tab sends on the live connection besides "ping": the conversations it shows while the
 * tab is visible (an empty list when hidden or elsewhere). The member's Durable Object keeps it
 * with the socket, and a new message is not pushed (Web Push) to a member who is reading it.
 */
export const liveClientMessage = z
  .object({ type: z.literal('viewing'), conversations: z.array(z.number().int().positive()).max(10) })
  .strict();
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** POST /api/typing.php {conversation}: tells the other member that I am typing (a client sends it at most every few seconds). */
export const typingInput = z.object({ conversation: z.number().int().positive() }).strict();
export type TypingInput = z.infer<typeof typingInput>;
export type TypingAnswer = { ok: true };

/** The tag of an operator's sockets on their company's desk (a session's tag is its hex hash, so the two never meet). */
export const operatorTag = (operatorId: number) => `operator:${operatorId}`;

/** What the operators' live connection (GET /api/operator/live.php) receives: the company's queue changed. */
export type ChatDeskEvent = { type: 'queue'; conversation: number; reason: 'message' | 'lock' | 'answer' | 'release' };

/** Each live connection's address, and what travels on it each way besides "ping" and "pong" (web/lib/live-socket.ts is typed by it). */
export type LiveSockets = {
  member: { path: (typeof LIVE_PATHS)['member']; receives: LiveEvent; sends: LiveClientMessage };
  desk: { path: (typeof LIVE_PATHS)['desk']; receives: ChatDeskEvent; sends: never };
};
