// GET /api/operator/photos.php, the photo moderation queue, with 10,000 pending photos of the main
// company (scripts/seed-bench.ts), for the bench moderator (its session token is seeded): the first
// page and one far down, one request at a time. `npm run bench` calls moderationBench with the
// operator host's base URL; by itself (`node tests/bench/moderation.mjs [port]`, default 8852) it
// seeds its own database (.wrangler/bench-moderation, 20,000 generated members), starts wrangler
// dev and prints the rows.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { pathToFileURL } from 'node:url';

const RUNS = 100;
const GOAL_MS = 50;
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
/** The seeded bench moderator's cookie (scripts/seed-bench.ts benchToken(9000001)). */
const COOKIE = `osid=${'bench9000001'.padEnd(43, 'x')}`;

/**
 * A GET on the operator host: to 127.0.0.1 with the operator host's Host header (Node cannot
 * resolve *.localhost), with the bench moderator's cookie. Answers status and body text.
 */
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
const agentless = async (port, path) => {
  const { status, text } = await get(port, path);
  if (status !== 200) throw new Error(`${path} answered ${status} ${text.slice(0, 300)}`);
  return text;
};

/** Sequential timings of one path (after 5 warm-up calls). */
async function timed(port, path) {
  const times = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    await agentless(port, path);
    if (i >= 5) times.push(performance.now() - t);
  }
  return times;
}

/** Walks the whole queue once (every pending photo once), then times its first page and one 80 % down. Returns bench rows. */
export async function moderationBench(port) {
  const path = '/api/operator/photos.php';
  const cursors = [null];
  let page = JSON.parse(await agentless(port, path));
  const pending = page.pending;
  const ids = new Set(page.photos.map((p) => p.id));
  while (page.next) {
    cursors.push(page.next);
    page = JSON.parse(await agentless(port, `${path}?after=${encodeURIComponent(page.next)}`));
    for (const p of page.photos) ids.add(p.id);
  }
  if (!(pending >= 10_000) || ids.size !== pending) throw new Error(`the queue should hold 10,000 pending photos once each: pending ${pending}, walked ${ids.size}`);
  const deepIndex = Math.floor(cursors.length * 0.8);
  const first = await timed(port, path);
  const deep = await timed(port, `${path}?after=${encodeURIComponent(cursors[deepIndex])}`);
  const verdict = (t) => (pct(t, 95) <= GOAL_MS ? 'met' : 'NOT met');
  const ms = (t, p) => pct(t, p).toFixed(1);
  return [
    { name: 'GET /api/operator/photos.php first page p50 (ms)', value: ms(first, 50), goal: '', note: `${pending} pending photos, ${cursors.length} pages; each page with the members' other photos and the count` },
    { name: 'GET /api/operator/photos.php first page p95 (ms)', value: ms(first, 95), goal: `≤ ${GOAL_MS}`, note: verdict(first) },
    { name: `GET /api/operator/photos.php page ${deepIndex + 1} p95 (ms)`, value: ms(deep, 95), goal: `≤ ${GOAL_MS}`, note: `${verdict(deep)}; p50 ${ms(deep, 50)}; keyset after=` },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { bin, prepareDatabase, run, startWrangler } = await import('../../scripts/lib.mjs');
  const port = Number(process.argv[2] ?? process.env.BENCH_PORT ?? 8852);
  const persistTo = '.wrangler/bench-moderation';
  if (!existsSync('web/dist')) mkdirSync('web/dist', { recursive: true }); // the API needs no built app
  if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabase(persistTo);
    run(bin('tsx'), ['scripts/seed-bench.ts', persistTo, '20000']);
  }
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await moderationBench(port)) console.log(`| ${r.name.padEnd(48)} | ${r.value.padStart(6)} | ${r.goal.padEnd(5)} | ${r.note} |`);
  } finally {
    site.stop();
  }
}
