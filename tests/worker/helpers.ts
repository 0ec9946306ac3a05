import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach } from 'vitest';
import worker from '../../worker/index';

/** The work a response left running (`ctx.waitUntil`): awaited after each test, as workerd would finish it. */
const running: Promise<void>[] = [];
afterEach(async () => {
  await Promise.allSettled(running.splice(0));
});

/**
 * A request through the real worker; the URL's host is the Host header the tenant middleware reads.
 * The worker's own entry is called in the test's isolate with the test's bindings and an execution
 * context of its own: every request runs first in the worker (`run_worker_first`), so this is the
 * path a deployed request takes. Not `exports.default.fetch`: under the Vitest pool every request
 * through that loopback gets slower than the last (workers-sdk#15446: 30 requests took 50 ms at
 * first and 1.4 s after 200), which made a file of many requests take minutes.
 */
export async function call(url: string, init: RequestInit & { country?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.country) headers.set('CF-IPCountry', init.country);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { ...init, headers }), env, ctx);
  running.push(waitOnExecutionContext(ctx));
  return res;
}

export async function json<T = Record<string, unknown>>(url: string, init?: RequestInit & { country?: string }) {
  const res = await call(url, init);
  return { res, body: (await res.json()) as T };
}
