import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, openLiveSocket, PING_EVERY_MS, PONG_WITHIN_MS, REFUSED_AFTER, type LiveStatus } from '../../web/lib/live-socket';
import { startDesk } from '../../web/operator/desk';
import { LIVE_CLOSE } from '../../worker/contracts/live.values';
import type { ChatDeskEvent } from '../../worker/contracts/live';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it. */
class FakeSocket {
  static made: FakeSocket[] = [];
  static OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** The client's close: the browser answers with the close event. */
  close(code = 1005) {
    this.closedWith = code;
    this.drop(code);
  }
  /** The worker's close or a dropped line. */
  drop(code: number, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}
const last = () => FakeSocket.made.at(-1)!;

beforeEach(() => {
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('one live socket', () => {
  it('backs off 1 s, 2 s, 4 s… up to 30 s, with jitter', () => {
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
    expect(backoffDelay(0, 0)).toBe(500);
  });

  it('opens on its side’s address, reports its status, hands over parsed events only, and sends typed messages when open', () => {
    const statuses: LiveStatus[] = [];
    const events: unknown[] = [];
    const live = openLiveSocket({ side: 'member', onEvent: (e) => events.push(e), onStatus: (s) => statuses.push(s) });
    expect(last().url).toBe(`ws://${location.host}/api/live.php`);
    expect(live.send({ type: 'viewing', conversations: [3] })).toBe(false);
    last().open();
    last().receive('pong');
    last().receive('not json');
    last().receive(JSON.stringify({ type: 'read', conversation: 3, by: 'other' }));
    expect(events).toEqual([{ type: 'read', conversation: 3, by: 'other' }]);
    expect(live.send({ type: 'viewing', conversations: [3] })).toBe(true);
    expect(last().sent).toEqual(['{"type":"viewing","conversations":[3]}']);
    live.close();
    expect(last().closedWith).toBe(1000);
    expect(statuses).toEqual(['connecting', 'open', 'off']);
  });

  it('pings every 25 s; an answer keeps the line, silence closes it as dead and a new one opens after the backoff, as a reconnect', async () => {
    const opens: boolean[] = [];
    const live = openLiveSocket({
      side: 'desk',
      url: 'ws://x/api/operator/live.php',
      onEvent: () => {},
      onOpen: (again) => opens.push(again),
    });
    const first = last();
    first.open();
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(first.sent).toEqual(['ping']);
    first.receive('pong');
    await vi.advanceTimersByTimeAsync(PONG_WITHIN_MS);
    expect(first.readyState).toBe(1);
    // the next ping goes unanswered
    await vi.advanceTimersByTimeAsync(PING_EVERY_MS);
    expect(first.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    last().open();
    expect(opens).toEqual([false, true]);
    live.close();
  });

  it('a close code decides: retry with backoff, wait for a wake (the browser online again), or stop for good', async () => {
    const verdicts: Record<number, 'retry' | 'wait' | 'stop'> = { 1006: 'retry', 4001: 'wait', 4403: 'stop' };
    const closes: number[] = [];
    const live = openLiveSocket({
      side: 'member',
      url: 'ws://x',
      onEvent: () => {},
      onClose: (code) => (closes.push(code), verdicts[code]!),
    });
    last().open();
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);

    last().open();
    last().drop(4001);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(3);

    last().open();
    last().drop(4403, 'banned');
    window.dispatchEvent(new Event('online'));
    expect(live.wake()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(3);
    expect(closes).toEqual([1006, 4001, 4403]);
  });

  it('upgrades refused again and again (never opened) tell the caller once, and the retries go on', async () => {
    const refused = vi.fn();
    const live = openLiveSocket({ side: 'member', url: 'ws://x', onEvent: () => {}, onRefused: refused });
    for (let i = 0; i <= REFUSED_AFTER + 1; i++) {
      last().drop(1006);
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(refused).toHaveBeenCalledTimes(1);
    expect(FakeSocket.made).toHaveLength(REFUSED_AFTER + 3);
    live.close();
  });

  it('held (a logout racing its own end) it reconnects no more, and the open line stays until the worker closes it', async () => {
    const live = openLiveSocket({ side: 'member', url: 'ws://x', onEvent: () => {} });
    last().open();
    live.hold();
    expect(last().readyState).toBe(1);
    last().drop(4001);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('closed, it stops for good: no reconnect, no pings', async () => {
    const live = openLiveSocket({ side: 'member', url: 'ws://x', onEvent: () => {} });
    last().open();
    live.close();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(last().sent).toEqual([]);
  });
});

describe("the console's desk on the same socket", () => {
  const event = (e: ChatDeskEvent) => JSON.stringify(e);

  it('an event reloads the queue, a member’s message also its conversation; an opened line reloads the queue', () => {
    const client = new QueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const statuses: LiveStatus[] = [];
    const stop = startDesk(client, (s) => statuses.push(s));
    expect(last().url).toBe(`ws://${location.host}/api/operator/live.php`);
    last().open();
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual([['chat-queue']]);
    last().receive(event({ type: 'queue', conversation: 12, reason: 'lock' }));
    last().receive(event({ type: 'queue', conversation: 13, reason: 'message' }));
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual([['chat-queue'], ['chat-queue'], ['chat-queue'], ['chat', 13]]);
    stop();
    expect(statuses).toEqual(['connecting', 'open', 'off']);
  });

  it('closed because the session or its right ended (logout, disabled, another role), it asks who is logged in and tries the line again', async () => {
    const client = new QueryClient();
    const invalidated = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    const stop = startDesk(client, () => {});
    last().open();
    invalidated.mockClear();
    last().drop(LIVE_CLOSE.sessionEnded, 'session ended');
    expect(invalidated.mock.calls.map(([f]) => f?.queryKey)).toEqual([['me']]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    // a dropped line is only tried again
    last().open();
    invalidated.mockClear();
    last().drop(1006);
    expect(invalidated).not.toHaveBeenCalledWith({ queryKey: ['me'] });
    // the screen goes (the login shows): no more lines
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });
});
