// The chat console: GET /api/operator/chat-queue.php with 5,000 waiting conversations
// (scripts/seed-bench.ts), the first page and one far down, one request at a time; and the time
// from a member's send to the event on an operator's live connection (the company's desk). For the
// bench chat operator (its session token is seeded). `npm run bench` calls consoleBench with its
// port; by itself (`node tests/bench/console.mjs [port]`, default 8853) it seeds its own database
// (.wrangler/bench-console, 20,000 generated members), starts wrangler dev and prints the rows.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { Agent, WebSocket } from 'undici';

const RUNS = 100;
const GOAL_MS = 50;
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
/** The seeded bench chat operator's cookie (scripts/seed-bench.ts benchToken(9000002)). */
const COOKIE = `osid=${'bench9000002'.padEnd(43, 'x')}`;
/** The seeded chat men (20000000-49, premium with credits) and the fictional profile they write to. */
const MEN = 20_000_000;
const FICTIONAL = 20_000_100;

/** A GET on the operator host: to 127.0.0.1 with the operator host's Host header (Node cannot resolve *.localhost). */
function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `operator.localhost:${port}`, cookie: COOKIE } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end();
  });
}
const ok = async (port, path) => {
  const { status, text } = await get(port, path);
  if (status !== 200) throw new Error(`${path} answered ${status} ${text.slice(0, 300)}`);
  return text;
};
async function timed(port, path) {
  const times = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    await ok(port, path);
    if (i >= 5) times.push(performance.now() - t);
  }
  return times;
}

/** Queue pages with 5,000 waiting, and send-to-queue over the desk's WebSocket. Returns bench rows. */
export async function consoleBench(port) {
  const path = '/api/operator/chat-queue.php';
  let page = JSON.parse(await ok(port, path));
  const waiting = page.waiting;
  if (!(waiting >= 5000)) throw new Error(`the queue should hold 5,000 waiting conversations, holds ${waiting}`);
  const cursors = [];
  while (page.next) {
    cursors.push(page.next);
    page = JSON.parse(await ok(port, `${path}?after=${encodeURIComponent(page.next)}`));
  }
  const deepIndex = Math.floor(cursors.length * 0.8);
  const first = await timed(port, path);
  const deep = await timed(port, `${path}?after=${encodeURIComponent(cursors[deepIndex])}`);
  const filtered = await timed(port, `${path}?site=vonkje&language=nl`);

  // the operator's live connection: operator.localhost resolved to 127.0.0.1 by hand
  const dispatcher = new Agent({ connect: { lookup: (_h, o, cb) => (o?.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)) } });
  const origin = `http://operator.localhost:${port}`;
  const ws = new WebSocket(`ws://operator.localhost:${port}/api/operator/live.php`, { dispatcher, headers: { cookie: COOKIE, origin } });
  await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
  let arrived = null;
  ws.onmessage = (e) => {
    const event = JSON.parse(e.data);
    if (event.type === 'queue' && event.reason === 'message') arrived?.(event);
  };
  const trips = [];
  for (let i = 0; i < 100; i++) {
    const got = new Promise((resolve) => (arrived = resolve));
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/message.php`, {
      method: 'POST',
      headers: { 'request-type': 'client', 'content-type': 'application/json', cookie: `sid=${`bench${MEN + (i % 50)}`.padEnd(43, 'x')}` },
      body: JSON.stringify({ to: FICTIONAL, kind: 'text', text: `Ben je er? ${i}`, client_id: `bench-desk-${Date.now()}-${i}` }),
    });
    if (res.status !== 201) throw new Error(`send answered ${res.status} ${await res.text()}`);
    await got;
    trips.push(performance.now() - t);
  }
  ws.close();
  await dispatcher.close();

  const verdict = (t) => (pct(t, 95) <= GOAL_MS ? 'met' : 'NOT met');
  const ms = (t, p) => pct(t, p).toFixed(1);
  return [
    { name: 'GET /api/operator/chat-queue.php first page p50 (ms)', value: ms(first, 50), goal: '', note: `${waiting} waiting, ${cursors.length + 1} pages of 50; with the count and the filters' choices` },
    { name: 'GET /api/operator/chat-queue.php first page p95 (ms)', value: ms(first, 95), goal: `≤ ${GOAL_MS}`, note: verdict(first) },
    { name: `GET /api/operator/chat-queue.php page ${deepIndex + 2} p95 (ms)`, value: ms(deep, 95), goal: `≤ ${GOAL_MS}`, note: `${verdict(deep)}; p50 ${ms(deep, 50)}; keyset after=` },
    { name: 'GET chat-queue.php site+language filter p95 (ms)', value: ms(filtered, 95), goal: `≤ ${GOAL_MS}`, note: `${verdict(filtered)}; p50 ${ms(filtered, 50)}` },
    { name: 'member send to operator live queue p50 (ms)', value: ms(trips, 50), goal: '', note: '100 sends to a fictional profile, event on the desk WebSocket' },
    { name: 'member send to operator live queue p95 (ms)', value: ms(trips, 95), goal: '≤ 40', note: pct(trips, 95) <= 40 ? 'met' : 'NOT met' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { bin, prepareDatabase, run, startWrangler } = await import('../../scripts/lib.mjs');
  const port = Number(process.argv[2] ?? process.env.BENCH_PORT ?? 8853);
  const persistTo = '.wrangler/bench-console';
  if (!existsSync('web/dist')) mkdirSync('web/dist', { recursive: true }); // the API needs no built app
  if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabase(persistTo);
    run(bin('tsx'), ['scripts/seed-bench.ts', persistTo, '20000']);
  }
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await consoleBench(port)) console.log(`| ${r.name.padEnd(52)} | ${r.value.padStart(6)} | ${r.goal.padEnd(5)} | ${r.note} |`);
  } finally {
    site.stop();
  }
}
