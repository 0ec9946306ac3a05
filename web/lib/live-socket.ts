import { LIVE_PATHS } from '../../worker/contracts/live.values';
import type { LiveSockets } from '../../worker/contracts/live';

/*
 * One live connection (a WebSocket to a live.php of the worker: a member's tab, or a chat
 * operator's console), kept open: a ping every 25 s, a line that answers no ping within 10 s is
 * closed as dead, and a dropped line comes back with backoff (at once when the browser is online
 * again). The caller gives its side (contracts/live LiveSockets: its address and what travels on
 * it), what to do with an event, and what a close code of the worker means for it.
 */

export type LiveStatus = 'off' | 'connecting' | 'open';

/** A ping every 25 s keeps proxies from closing an idle socket; no answer within 10 s means the link is dead. */
export const PING_EVERY_MS = 25_000;
export const PONG_WITHIN_MS = 10_000;
/** Reconnects wait 1 s, 2 s, 4 s… up to 30 s, with jitter, so a restart does not bring every client back at once. */
const BACKOFF_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** Upgrades refused this many times in a row (never opened) look like an ended session: the caller is told (onRefused). */
export const REFUSED_AFTER = 3;

export const backoffDelay = (attempt: number, random = Math.random()) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_MS * 2 ** attempt) * (0.5 + random / 2);

/**
 * What a close means to the caller: `retry` with backoff; `wait` for a wake (the browser online
 * again, or the caller's own `wake`); `stop` for good.
 */
export type CloseVerdict = 'retry' | 'wait' | 'stop';

export type LiveSocketOptions<S extends keyof LiveSockets> = {
  /** Which connection: its address on this page's host (LIVE_PATHS). */
  side: S;
  /** The whole address instead (tests). */
  url?: string;
  /** An event from the worker (JSON that did not parse is dropped). */
  onEvent: (event: LiveSockets[S]['receives']) => void;
  /** The line is open; `again` after a gap (a reconnect), when the caller catches up on what it missed. */
  onOpen?: (again: boolean) => void;
  onStatus?: (status: LiveStatus) => void;
  /** A close by the worker or the line (not by `close()`): its code and reason decide; unset, every close retries. */
  onClose?: (code: number, reason: string) => CloseVerdict;
  /** Upgrades were refused REFUSED_AFTER times in a row: the caller may ask whether its session still stands (retries go on). */
  onRefused?: () => void;
};

export type LiveSocket<S extends keyof LiveSockets> = {
  /** Sends a message when the line is open; answers whether it went. */
  send: (message: LiveSockets[S]['sends']) => boolean;
  /** Opens a new line now unless one is open or opening, or the connection was stopped (the page came back): answers whether it did. */
  wake: () => boolean;
  /** No more reconnects; the open line stays until the worker closes it (a logout racing its own end). */
  hold: () => void;
  /** Closes the line for good. */
  close: () => void;
};

const addressOf = (path: string) => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;

export function openLiveSocket<S extends keyof LiveSockets>(options: LiveSocketOptions<S>): LiveSocket<S> {
  const url = options.url ?? addressOf(LIVE_PATHS[options.side]);
  let socket: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let opened = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;
  let pong: ReturnType<typeof setTimeout> | undefined;
  const status = (s: LiveStatus) => options.onStatus?.(s);

  const clearTimers = () => {
    clearTimeout(retry);
    clearInterval(ping);
    clearTimeout(pong);
  };

  const connect = () => {
    clearTimers();
    if (stopped || typeof WebSocket === 'undefined') return;
    status('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      const again = opened || attempt > 0;
      opened = true;
      attempt = 0;
      status('open');
      options.onOpen?.(again);
      ping = setInterval(() => {
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send('ping');
        clearTimeout(pong);
        pong = setTimeout(() => ws.close(), PONG_WITHIN_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (e: MessageEvent) => {
      // anything from the worker shows the line is alive
      clearTimeout(pong);
      if (typeof e.data !== 'string' || e.data === 'pong') return;
      let event: LiveSockets[S]['receives'];
      try {
        event = JSON.parse(e.data) as LiveSockets[S]['receives'];
      } catch {
        return;
      }
      options.onEvent(event);
    };
    ws.onclose = (e: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      status('off');
      if (stopped) return;
      const verdict = options.onClose?.(e.code, e.reason) ?? 'retry';
      if (verdict === 'stop') stopped = true;
      if (verdict !== 'retry') return;
      // refused upgrades look the same as a dropped line: after a few, the caller may ask whether the session still stands
      if (!opened && attempt === REFUSED_AFTER) options.onRefused?.();
      retry = setTimeout(connect, backoffDelay(attempt++));
    };
  };

  const wake = () => {
    if (socket || stopped) return false;
    attempt = 0;
    connect();
    return true;
  };
  const online = () => void wake();
  window.addEventListener('online', online);
  connect();

  return {
    send: (message) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    wake,
    hold: () => {
      stopped = true;
      clearTimers();
    },
    close: () => {
      stopped = true;
      clearTimers();
      window.removeEventListener('online', online);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'bye');
      status('off');
    },
  };
}
