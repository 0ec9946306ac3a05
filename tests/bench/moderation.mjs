// GET /api/operator/photos.php, the photo moderation queue, with 10,000 pending photos of the main
// company (scripts/seed-bench.ts), for the bench moderator (its session token is seeded): the first
// page and one far down, one request at a time. `npm run bench` calls moderationBench with its
// port; by itself (`node tests/bench/moderation.mjs [port]`, default 8852) it
// seeds its own database (.wrangler/bench-moderation, 30,000 generated members), starts wrangler
// dev and prints the rows.
import { pathToFileURL } from 'node:url';
import { ms, operatorCookie, operatorOk, timed, verdict } from './operator-host.mjs';
import { runAlone } from './standalone.mjs';

const GOAL_MS = 50;
/** The seeded bench moderator (scripts/seed-bench.ts benchToken(9000001)). */
const COOKIE = operatorCookie(9000001);

/** Walks the whole queue once (every pending photo once), then times its first page and one 80 % down. Returns bench rows. */
export async function moderationBench(port) {
  const path = '/api/operator/photos.php';
  const cursors = [null];
  let page = JSON.parse(await operatorOk(port, path, COOKIE));
  const pending = page.pending;
  const ids = new Set(page.photos.map((p) => p.id));
  while (page.next) {
    cursors.push(page.next);
    page = JSON.parse(await operatorOk(port, `${path}?after=${encodeURIComponent(page.next)}`, COOKIE));
    for (const p of page.photos) ids.add(p.id);
  }
  if (!(pending >= 10_000) || ids.size !== pending)
    throw new Error(`the queue should hold 10,000 pending photos once each: pending ${pending}, walked ${ids.size}`);
  const deepIndex = Math.floor(cursors.length * 0.8);
  const first = await timed(port, path, COOKIE);
  const deep = await timed(port, `${path}?after=${encodeURIComponent(cursors[deepIndex])}`, COOKIE);
  return [
    {
      name: 'GET /api/operator/photos.php first page p50 (ms)',
      value: ms(first, 50),
      goal: '',
      note: `${pending} pending photos, ${cursors.length} pages; each page with the members' other photos and the count`,
    },
    { name: 'GET /api/operator/photos.php first page p95 (ms)', value: ms(first, 95), goal: `≤ ${GOAL_MS}`, note: verdict(first, GOAL_MS) },
    {
      name: `GET /api/operator/photos.php page ${deepIndex + 1} p95 (ms)`,
      value: ms(deep, 95),
      goal: `≤ ${GOAL_MS}`,
      note: `${verdict(deep, GOAL_MS)}; p50 ${ms(deep, 50)}; keyset after=`,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  // 30,000 generated members: about 45 % are the main company's, which the 10,000 pending photos need
  await runAlone({ persistTo: '.wrangler/bench-moderation', defaultPort: 8852, bench: moderationBench, width: 48, members: 30_000 });
