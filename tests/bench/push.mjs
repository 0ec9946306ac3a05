// Web Push fan-out: one push (a like received) to 1,000 subscriptions of one member, sent by the
// worker to a local push endpoint (a Node HTTP server here answering 201, as a push service does),
// each payload encrypted for its subscription (RFC 8291) with a VAPID JWT. The API keeps 20
// subscriptions a member; the bench copies one real subscription 999 times in D1 to measure the
// fan-out at scale (and lifts, for its member, the limit of 30 pushes a minute). Timed from the
// like's request to the 1,000th push received. `npm run bench`
// calls pushBench; by itself (`node tests/bench/push.mjs [port]`, port 8832-8839, default 8832) it
// prepares its own database (.wrangler/bench-push), starts wrangler dev and prints the rows.
import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

const SUBSCRIPTIONS = 1_000;
const RUNS = 3;
const client = { 'request-type': 'client', 'content-type': 'application/json' };

/**
 * A login; a 503 of wrangler dev's proxy (its worker restarting: seen on the first request after the
 * digest's 11-second run in `npm run bench`, never from the worker itself) is tried again, 3 times at most.
 */
async function loginCookie(base, email, attempt = 1) {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: client,
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const body = await res.text();
  if (res.status === 503 && attempt < 3) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return loginCookie(base, email, attempt + 1);
  }
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login ${email} answered ${res.status}: ${body.slice(0, 120)}`);
  return cookie;
}

/** A local push service: counts what arrives and says when the expected number is in. */
async function pushEndpoint() {
  let received = 0;
  let waiting = null;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(201).end();
      if (waiting && received >= waiting.count) waiting.resolve(performance.now());
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    expect(count) {
      received = 0;
      return new Promise((resolve, reject) => {
        waiting = { count, resolve };
        setTimeout(() => reject(new Error(`push bench: ${received} of ${count} pushes arrived in 120 s`)), 120_000).unref();
      });
    },
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** fetch, once more when a kept-alive connection was closed by the server meanwhile (after the wrangler command's pause). */
const request = (url, init) => fetch(url, init).catch(() => fetch(url, init));

/** Runs SQL on the local D1 that wrangler dev (with the same persist directory) serves. */
function d1(persistTo, sql) {
  const r = spawnSync('node_modules/.bin/wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql], {
    encoding: 'utf8',
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: 'true' },
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr || r.stdout}`);
}

export async function pushBench(base, persistTo) {
  const endpoint = await pushEndpoint();
  try {
    const premium = await loginCookie(base, 'premium@example.com');
    const free = await loginCookie(base, 'free@example.com');
    // one real subscription through the API (bound to the premium member's session) …
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const first = `${endpoint.base}/p/bench-${Date.now()}`;
    const res = await fetch(`${base}/api/user.php?push=1`, {
      method: 'POST',
      headers: { ...client, cookie: premium },
      body: JSON.stringify({
        endpoint: first,
        expirationTime: null,
        keys: { p256dh: keys.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
      }),
    });
    if (res.status !== 200) throw new Error(`subscribing answered ${res.status} ${await res.text()}`);
    // … copied 999 times beside it (other endpoints, the same keys and session)
    d1(
      persistTo,
      `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, site, session_hash, user_agent, created_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${SUBSCRIPTIONS - 1})
       SELECT member_id, endpoint || '/' || i, p256dh, auth, site, session_hash, 'bench', created_at FROM push_subscriptions, n WHERE endpoint = '${first}'`,
    );
    // the bench measures the fan-out, not the per-member limit (worker/lib/push.ts PUSH_LIMIT, 30
    // pushes a minute): this member's window is set to end never, with room for any number
    d1(
      persistTo,
      `INSERT INTO rate_limits (key, window_start, count) SELECT 'push:' || member_id, '9999-12-31T00:00:00.000Z', -1000000000 FROM push_subscriptions WHERE endpoint = '${first}'
       ON CONFLICT (key) DO UPDATE SET window_start = excluded.window_start, count = excluded.count`,
    );

    const times = [];
    for (let run = 0; run < RUNS; run++) {
      // a like received: withdrawn first, so each run's like is a new one and is pushed
      await (
        await request(`${base}/api/like.php`, {
          method: 'DELETE',
          headers: { ...client, cookie: free },
          body: JSON.stringify({ id: 900002 }),
        })
      ).arrayBuffer();
      const done = endpoint.expect(SUBSCRIPTIONS);
      const started = performance.now();
      const like = await fetch(`${base}/api/like.php`, {
        method: 'POST',
        headers: { ...client, cookie: free },
        body: JSON.stringify({ id: 900002 }),
      });
      await like.arrayBuffer();
      if (like.status !== 200) throw new Error(`like answered ${like.status}`);
      const answered = performance.now() - started;
      times.push({ total: (await done) - started, answered });
    }
    const sorted = [...times].sort((a, b) => a.total - b.total);
    const median = sorted[Math.floor(sorted.length / 2)];
    return [
      {
        name: `push fan-out, one like to ${SUBSCRIPTIONS} subscriptions (ms)`,
        value: median.total.toFixed(0),
        goal: '',
        note: `median of ${RUNS}, request to the last push received (${((SUBSCRIPTIONS / median.total) * 1000).toFixed(0)} pushes/s; 6 in flight); the like answered in ${median.answered.toFixed(0)} ms`,
      },
    ];
  } finally {
    await endpoint.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { prepareDatabase, startWrangler } = await import('../../scripts/lib.mjs');
  const port = Number(process.argv[2] ?? 8832);
  if (!(port >= 8832 && port <= 8839)) throw new Error('the standalone push bench uses a port from 8832 to 8839');
  const persistTo = '.wrangler/bench-push';
  if (!existsSync('web/dist')) mkdirSync('web/dist', { recursive: true }); // the API needs no built app
  rmSync(persistTo, { recursive: true, force: true });
  prepareDatabase(persistTo);
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await pushBench(`http://127.0.0.1:${port}`, persistTo))
      console.log(`| ${r.name.padEnd(50)} | ${r.value.padStart(6)} | ${r.goal.padEnd(5)} | ${r.note} |`);
  } catch (error) {
    console.error(site.log().slice(-3000));
    throw error;
  } finally {
    site.stop();
  }
}
