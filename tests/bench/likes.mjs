// GET /api/likes.php for the demo premium member, who has 10,000 likes (scripts/seed-bench.ts):
// the first page and a later one, one request at a time. `npm run bench` calls likesBench; by
// itself (`node tests/bench/likes.mjs [port]`, default BENCH_PORT or 8811; tests/bench/standalone.mjs) it seeds its own
// database (.wrangler/bench-likes, 70,000 generated members: 10,000 of them on the main site's niche), starts wrangler dev and prints the rows.
import { pathToFileURL } from 'node:url';
import { runAlone } from './standalone.mjs';

const RUNS = 100;
const GOAL_MS = 20;
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** Sequential timings of one URL (after a few warm-up calls); the last answer is returned with them. */
async function time(url, cookie) {
  const times = [];
  const inside = [];
  let body;
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    body = await res.json();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${JSON.stringify(body)}`);
    if (i < 5) continue;
    times.push(performance.now() - t);
    inside.push(Number(/(?:^|, )d1;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
  }
  return { times, inside, body };
}

/**
 * Walks every page of the member's received likes once (each like once, the new ones on page 1),
 * then times page 1 and a page far down the list. Returns rows of the bench table.
 */
export async function likesBench(base, cookie) {
  const pages = [];
  let cursor = null;
  do {
    const res = await fetch(`${base}/api/likes.php${cursor ? `?liked_by_after=${cursor}` : ''}`, { headers: { cookie } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`likes.php answered ${res.status} ${JSON.stringify(body)}`);
    pages.push({ cursor, likes: body.liked_by });
    cursor = body.liked_by_next;
  } while (cursor);
  const all = pages.flatMap((p) => p.likes);
  const ids = new Set(all.map((l) => l.id));
  const fresh = all.filter((l) => l.like_new).length;
  if (all.length < 10_000 || ids.size !== all.length) throw new Error(`the bench member should have 10,000 likes once each, has ${all.length} (${ids.size} different)`);
  if (pages[0].likes.filter((l) => l.like_new).length !== fresh) throw new Error('not every new like is on page 1');

  const later = Math.floor(pages.length * 0.8);
  // the same member's session lookup alone, in the same minute: what any call costs here
  const baseline = await time(`${base}/api/user.php`, cookie);
  const first = await time(`${base}/api/likes.php`, cookie);
  const deep = await time(`${base}/api/likes.php?liked_by_after=${pages[later].cursor}`, cookie);
  const verdict = (t) => (pct(t, 95) <= GOAL_MS ? 'met' : 'NOT met');
  const ms = (t, p) => pct(t, p).toFixed(1);
  return [
    { name: 'GET /api/likes.php first page p50 (ms)', value: ms(first.times, 50), goal: '', note: `${first.body.liked_by.length} received + ${first.body.liked.length} given of ${all.length} likes (${fresh} new), ${pages.length} pages` },
    { name: 'GET /api/likes.php first page p95 (ms)', value: ms(first.times, 95), goal: `≤ ${GOAL_MS}`, note: `${verdict(first.times)}; D1 in the worker p50 ${ms(first.inside, 50)}, p95 ${ms(first.inside, 95)}` },
    { name: `GET /api/likes.php page ${later + 1} p50 (ms)`, value: ms(deep.times, 50), goal: '', note: `liked_by_after, ${later * 100}+ likes down` },
    { name: `GET /api/likes.php page ${later + 1} p95 (ms)`, value: ms(deep.times, 95), goal: `≤ ${GOAL_MS}`, note: `${verdict(deep.times)}; D1 in the worker p50 ${ms(deep.inside, 50)}, p95 ${ms(deep.inside, 95)}` },
    { name: 'GET /api/user.php p95, same run (ms)', value: ms(baseline.times, 95), goal: '', note: `p50 ${ms(baseline.times, 50)}: one session lookup, the floor of any call here` },
  ];
}

/** The demo premium member's session cookie. */
export async function premiumCookie(base) {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'request-type': 'client', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'premium@example.com', password: 'demo-password' }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login answered ${res.status}`);
  return cookie;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await runAlone({
    persistTo: '.wrangler/bench-likes',
    defaultPort: 8811,
    members: 70_000,
    width: 42,
    bench: async (port) => {
      const base = `http://127.0.0.1:${port}`;
      return likesBench(base, await premiumCookie(base));
    },
  });
