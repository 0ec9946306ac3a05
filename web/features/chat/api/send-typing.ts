import { useRef } from 'react';
import type { TypingInput } from '../../../../worker/contracts/live';
import { TYPING_EVERY_MS } from '../../../lib/live';
import { api } from '../../../lib/request';

/** POST /api/typing.php {conversation}: the other member's tabs show that I am typing. 404 when the conversation is not mine. */
export const sendTyping = (input: TypingInput) => api.post('/api/typing.php', input, { background: true });

/**
 * Call on every keystroke: tells the other member at most every TYPING_EVERY_MS, and only in a
 * conversation that exists (a first message has no one to tell yet). Fire and forget.
 */
export function useTypingSignal(conversation: number | null) {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (conversation === null || now - last.current < TYPING_EVERY_MS) return;
    last.current = now;
    void sendTyping({ conversation });
  };
}
