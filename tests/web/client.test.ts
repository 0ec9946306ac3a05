import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, retryingFetch } from '../../web/lib/fetch';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadOnceForChunkError } from '../../web/lib/chunk-reload';
import { DISMISSAL_KEYS, dismiss, dismissedAt } from '../../web/lib/dismissals';

/** A scripted network: each call takes the next outcome. */
function network(outcomes: (number | 'down')[]) {
  const calls: Headers[] = [];
  const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Headers(init?.headers));
    const next = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
    if (next === 'down') throw new TypeError('Failed to fetch');
    return new Response('{}', { status: next });
  }) as typeof fetch;
  return { fetcher, calls };
}

describe('HTTP client retries', () => {
  it('retries network errors and 5xx, then succeeds', async () => {
    const net = network(['down', 502, 503, 200]);
    const res = await retryingFetch(1, net.fetcher)('/api/x.php');
    expect(res.status).toBe(200);
    expect(net.calls).toHaveLength(4);
    expect(net.calls[0]!.get('request-type')).toBe('client');
  });
  it('waits exponentially longer between retries', async () => {
    const net = network(['down', 'down', 'down', 200]);
    const started = Date.now();
    await retryingFetch(20, net.fetcher)('/api/x.php');
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40 + 80 - 5); // 20·2⁰ + 20·2¹ + 20·2²
  });
  it('gives up after 5 retries (6 attempts) with the last 5xx', async () => {
    const net = network([500]);
    const res = await retryingFetch(1, net.fetcher)('/api/x.php');
    expect(res.status).toBe(500);
    expect(net.calls).toHaveLength(MAX_RETRIES + 1);
  });
  it('rethrows a network error after the last retry', async () => {
    const net = network(['down']);
    await expect(retryingFetch(1, net.fetcher)('/api/x.php')).rejects.toThrow('Failed to fetch');
    expect(net.calls).toHaveLength(MAX_RETRIES + 1);
  });
  it('never repeats an upload', async () => {
    const net = network([503, 200]);
    const res = await retryingFetch(1, net.fetcher)('/api/photo.php', { method: 'POST', body: new FormData() });
    expect(res.status).toBe(503);
    expect(net.calls).toHaveLength(1);
  });
  it('never retries a 4xx', async () => {
    for (const status of [400, 403, 404, 429]) {
      const net = network([status, 200]);
      expect((await retryingFetch(1, net.fetcher)('/api/x.php')).status).toBe(status);
      expect(net.calls).toHaveLength(1);
    }
  });
});

describe('chunk-load reload guard', () => {
  it('reloads once, then not again within 60 s, then again after', () => {
    let reloads = 0;
    const reload = () => void reloads++;
    const t0 = 1_000_000;
    expect(reloadOnceForChunkError(t0, reload)).toBe(true);
    expect(reloadOnceForChunkError(t0 + 1_000, reload)).toBe(false);
    expect(reloadOnceForChunkError(t0 + CHUNK_RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reloadOnceForChunkError(t0 + CHUNK_RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
  it('recognises chunk errors of the browsers', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });
});

describe('dismissals', () => {
  it('remember the dismissal time', () => {
    expect(dismissedAt(DISMISSAL_KEYS.siteEntry)).toBeNull();
    dismiss(DISMISSAL_KEYS.siteEntry, 1234);
    expect(dismissedAt(DISMISSAL_KEYS.siteEntry)).toBe(1234);
    localStorage.setItem(DISMISSAL_KEYS.siteEntry, 'garbage');
    expect(dismissedAt(DISMISSAL_KEYS.siteEntry)).toBeNull();
  });
});
