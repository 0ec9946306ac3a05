// GET /api/likes.php for the demo premium member, who has 10,000 likes (scripts/seed-bench.ts):
// the first page and a later one, one request at a time. `npm run bench` calls likesBench; by
// itself (`node tests/bench/likes.mjs [port]`, default BENCH_PORT or 8811; tests/bench/standalone.mjs) it seeds its own
// database (.wrangler/bench-likes, 70,000 generated members: 10,000 of them on the main site's niche), starts wrangler dev and prints the rows.
import { pathToFileURL } from 'node:url';
import { runAlone } from './standalone.mjs';

const RUNS = 100;
const GOAL_MS = 20;
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/**
 * Sequential timings of one path (after a few warm-up calls) on each server of `bases`, asked in
 * turn (the order alternating), so all see the same machine; the last answer is returned with them.
 */
async function time(bases, path, cookies) {
  const out = bases.map(() => ({ times: [], inside: [], body: null }));
  for (let i = 0; i < RUNS + 5; i++) {
    for (const k of bases.map((_, n) => n).sort((a, b) => (i % 2 ? b - a : a - b))) {
      const url = `${bases[k]}${path}`;
      const t = performance.now();
      const res = await fetch(url, { headers: { cookie: cookies[k] } });
      const body = await res.json();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${JSON.stringify(body)}`);
      out[k].body = body;
      if (i < 5) continue;
      out[k].times.push(ms);
      out[k].inside.push(Number(/(?:^|, )d1;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
    }
  }
  return out;
}

/**
 * Walks every page of the member's received likes once (each like once, the new ones on page 1),
 * then times page 1 and a page far down the list. Returns rows of the bench table. With `dev`
 * (the same site under wrangler dev on the same seeded data, and the member's cookie there) each
 * call is asked of both in turn: the
 * rows are the site on local workerd (`base`, without wrangler dev's proxy: README, "The bench on
 * local workerd"), with wrangler dev's figures beside them in the notes.
 */
export async function likesBench(base, cookie, { dev, devCookie } = {}) {
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
  if (all.length < 10_000 || ids.size !== all.length)
    throw new Error(`the bench member should have 10,000 likes once each, has ${all.length} (${ids.size} different)`);
  // the new likes first: page 1 holds a page of them, or all of them when fewer
  if (pages[0].likes.filter((l) => l.like_new).length !== Math.min(fresh, pages[0].likes.length))
    throw new Error('the new likes do not come first');

  const later = Math.floor(pages.length * 0.8);
  const bases = dev ? [base, dev] : [base];
  const cookies = dev ? [cookie, devCookie] : [cookie];
  // the same member's session lookup alone, in the same minute: what any call costs here
  const [baseline, baselineDev] = await time(bases, '/api/user.php', cookies);
  const [first, firstDev] = await time(bases, '/api/likes.php', cookies);
  const [deep, deepDev] = await time(bases, `/api/likes.php?liked_by_after=${pages[later].cursor}`, cookies);
  const verdict = (t) => (pct(t, 95) <= GOAL_MS ? 'met' : 'NOT met');
  const ms = (t, p) => pct(t, p).toFixed(1);
  const where = dev ? ' on workerd' : '';
  const viaDev = (d, p) => (d ? `; wrangler dev p${p} ${ms(d.times, p)}` : '');
  return [
    {
      name: `GET /api/likes.php first page p50 (ms)${where}`,
      value: ms(first.times, 50),
      goal: '',
      note: `${first.body.liked_by.length} received + ${first.body.liked.length} given of ${all.length} likes (${fresh} new), ${pages.length} pages${viaDev(firstDev, 50)}`,
    },
    {
      name: `GET /api/likes.php first page p95 (ms)${where}`,
      value: ms(first.times, 95),
      goal: `≤ ${GOAL_MS}`,
      note: `${verdict(first.times)}; D1 in the worker p50 ${ms(first.inside, 50)}, p95 ${ms(first.inside, 95)}${viaDev(firstDev, 95)}`,
    },
    {
      name: `GET /api/likes.php page ${later + 1} p50 (ms)${where}`,
      value: ms(deep.times, 50),
      goal: '',
      note: `liked_by_after, ${later * 100}+ likes down${viaDev(deepDev, 50)}`,
    },
    {
      name: `GET /api/likes.php page ${later + 1} p95 (ms)${where}`,
      value: ms(deep.times, 95),
      goal: `≤ ${GOAL_MS}`,
      note: `${verdict(deep.times)}; D1 in the worker p50 ${ms(deep.inside, 50)}, p95 ${ms(deep.inside, 95)}${viaDev(deepDev, 95)}`,
    },
    {
      name: `GET /api/user.php p95, same run (ms)${where}`,
      value: ms(baseline.times, 95),
      goal: '',
      note: `p50 ${ms(baseline.times, 50)}: one session lookup, the floor of any call here${viaDev(baselineDev, 50)}${viaDev(baselineDev, 95)}`,
    },
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
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
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
