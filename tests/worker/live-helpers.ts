import { expect } from 'vitest';
import { call } from './helpers';

const V = 'http://vonkje.localhost';
export type LiveTestEvent = {
  type: string;
  conversation?: number;
  from?: number;
  by?: string;
  message?: { text: string; mine: boolean } | number;
  credits?: number;
};

/** GET /api/live.php as a WebSocket upgrade, with the member's cookie and an Origin. */
export async function openLive(cookie: string | undefined, origin: string | null = V) {
  const headers: Record<string, string> = { upgrade: 'websocket' };
  if (cookie) headers.cookie = `sid=${cookie}`;
  if (origin) headers.origin = origin;
  return call(`${V}/api/live.php`, { headers });
}

/** An accepted socket with every event it receives, its close code and reason, and a way to wait for the next ones. */
export const liveSocket = async (cookie: string) => accepted(await openLive(cookie));

/** The chat console's live connection (the company's desk) with an operator's `osid` cookie. */
export const deskSocket = async (cookie: string) =>
  accepted(
    await call('http://operator.localhost/api/operator/live.php', {
      headers: { upgrade: 'websocket', origin: 'http://operator.localhost', cookie: `osid=${cookie}` },
    }),
  );

/** Whether the socket closed within `ms` (1 s: what ending an account's right promises). */
export const closesWithin = (
  socket: { until: (test: () => boolean, ms?: number) => Promise<boolean>; closed: () => number | null },
  ms = 1000,
) => socket.until(() => socket.closed() !== null, ms);

async function accepted(res: Response) {
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const events: LiveTestEvent[] = [];
  const waiters: (() => void)[] = [];
  let closed: { code: number; reason: string } | null = null;
  ws.addEventListener('message', (e) => {
    if (e.data !== 'pong') events.push(JSON.parse(e.data as string) as LiveTestEvent);
    waiters.splice(0).forEach((w) => w());
  });
  ws.addEventListener('close', (e) => {
    closed = { code: e.code, reason: e.reason };
    waiters.splice(0).forEach((w) => w());
  });
  // waits at most `ms` (steps of at most 100 ms; an event ends a step early)
  const until = async (test: () => boolean, ms = 5000) => {
    for (let i = 0; i < Math.ceil(ms / 100) && !test(); i++) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 100)));
    return test();
  };
  return { ws, events, until, closed: () => closed?.code ?? null, closeReason: () => closed?.reason ?? null };
}
