// The chat console: GET /api/operator/chat-queue.php with 5,000 waiting conversations
// (scripts/seed-bench.ts), the first page and one far down, one request at a time; and the time
// from a member's send to the event on an operator's live connection (the company's desk). For the
// bench chat operator (its session token is seeded). `npm run bench` calls consoleBench with its
// port; by itself (`node tests/bench/console.mjs [port]`, default 8853) it seeds its own database
// (.wrangler/bench-console, 20,000 generated members), starts wrangler dev and prints the rows.
import { pathToFileURL } from 'node:url';
import { Agent, WebSocket } from 'undici';
import { ms, operatorCookie, operatorOk, timed, verdict } from './operator-host.mjs';
import { runAlone } from './standalone.mjs';

const GOAL_MS = 50;
/** The seeded bench chat operator (scripts/seed-bench.ts benchToken(9000002)). */
const COOKIE = operatorCookie(9000002);
/** The seeded chat men (20000000-49, premium with credits) and the fictional profile they write to. */
const MEN = 20_000_000;
const FICTIONAL = 20_000_100;

/** Queue pages with 5,000 waiting, and send-to-queue over the desk's WebSocket. Returns bench rows. */
export async function consoleBench(port) {
  const path = '/api/operator/chat-queue.php';
  let page = JSON.parse(await operatorOk(port, path, COOKIE));
  const waiting = page.waiting;
  if (!(waiting >= 5000)) throw new Error(`the queue should hold 5,000 waiting conversations, holds ${waiting}`);
  const cursors = [];
  while (page.next) {
    cursors.push(page.next);
    page = JSON.parse(await operatorOk(port, `${path}?after=${encodeURIComponent(page.next)}`, COOKIE));
  }
  const deepIndex = Math.floor(cursors.length * 0.8);
  const first = await timed(port, path, COOKIE);
  const deep = await timed(port, `${path}?after=${encodeURIComponent(cursors[deepIndex])}`, COOKIE);
  const filtered = await timed(port, `${path}?site=vonkje&language=nl`, COOKIE);

  // the operator's live connection: operator.localhost resolved to 127.0.0.1 by hand
  const dispatcher = new Agent({
    connect: { lookup: (_h, o, cb) => (o?.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)) },
  });
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

  return [
    {
      name: 'GET /api/operator/chat-queue.php first page p50 (ms)',
      value: ms(first, 50),
      goal: '',
      note: `${waiting} waiting, ${cursors.length + 1} pages of 50; with the count and the filters' choices`,
    },
    {
      name: 'GET /api/operator/chat-queue.php first page p95 (ms)',
      value: ms(first, 95),
      goal: `≤ ${GOAL_MS}`,
      note: verdict(first, GOAL_MS),
    },
    {
      name: `GET /api/operator/chat-queue.php page ${deepIndex + 2} p95 (ms)`,
      value: ms(deep, 95),
      goal: `≤ ${GOAL_MS}`,
      note: `${verdict(deep, GOAL_MS)}; p50 ${ms(deep, 50)}; keyset after=`,
    },
    {
      name: 'GET chat-queue.php site+language filter p95 (ms)',
      value: ms(filtered, 95),
      goal: `≤ ${GOAL_MS}`,
      note: `${verdict(filtered, GOAL_MS)}; p50 ${ms(filtered, 50)}`,
    },
    {
      name: 'member send to operator live queue p50 (ms)',
      value: ms(trips, 50),
      goal: '',
      note: '100 sends to a fictional profile, event on the desk WebSocket',
    },
    { name: 'member send to operator live queue p95 (ms)', value: ms(trips, 95), goal: '≤ 40', note: verdict(trips, 40) },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await runAlone({ persistTo: '.wrangler/bench-console', defaultPort: 8853, bench: consoleBench, width: 52 });
