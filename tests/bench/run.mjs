// npm run bench — measures and prints one table. Benchmarks are not tests: nothing here asserts.
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { WebSocket } from 'undici';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { bin, ensureBuild, prepareDatabase, run, startWorkerd, startWrangler } from '../../scripts/lib.mjs';
import { phonePhotoCached } from '../../scripts/lib/demo-photos.mjs';
import { digestBench } from './digest.mjs';
import { entryAnswerRows } from './entry-answer.mjs';
import { exportBench } from './export.mjs';
import { imagesBench } from './images.mjs';
import { landersBench } from './landers.mjs';
import { lighthouseRows } from './lighthouse.mjs';
import { likesBench, premiumCookie } from './likes.mjs';
import { moderationBench } from './moderation.mjs';
import { consoleBench } from './console.mjs';

// npm run bench -- --scale: the bench at a network's size instead (tests/bench/scale.mjs)
if (process.argv.includes('--scale')) {
  await import('./scale.mjs');
  process.exit(0);
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rows = [];

function load(url, headers = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, r) => (err ? reject(err) : resolve(r))),
  );
}
const row = (name, value, goal = '', note = '') => rows.push({ name, value, goal, note });

/** The landing page's initial JS (tests/bench/initial-js.ts: the same count as the budget's test). */
const { INITIAL_JS_BUDGET_KB, LOCALES, landingInitialJs } = await tsImport('./initial-js.ts', import.meta.url);

const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const client = { 'request-type': 'client', 'content-type': 'application/json' };

/** Login latency (demo premium member, one request at a time) and signup-to-logged-in time. */
async function accountLatencies(base) {
  const logins = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/user.php`, {
      method: 'POST',
      headers: client,
      body: JSON.stringify({ email: 'premium@example.com', password: 'demo-password' }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    logins.push(performance.now() - t);
  }
  row('POST /api/user.php login p50 (ms)', pct(logins, 50).toFixed(1), '', '200 sequential, PBKDF2 100k');
  row('POST /api/user.php login p99 (ms)', pct(logins, 99).toFixed(1));
  const signups = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: client,
      body: JSON.stringify({
        email: `bench-${Date.now()}-${i}@example.org`,
        password: 'bench-password',
        name: 'Bench',
        date_of_birth: '1990-01-01',
        gender: 'male',
      }),
    });
    await res.arrayBuffer();
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    const me = await fetch(`${base}/api/user.php`, { headers: { cookie } });
    await me.arrayBuffer();
    if (res.status !== 201 || me.status !== 200) throw new Error(`signup ${res.status}, user ${me.status}`);
    signups.push(performance.now() - t);
  }
  row('signup to logged in, p50 (ms)', pct(signups, 50).toFixed(1), '', 'POST signup.php + GET user.php');
  row('signup to logged in, p99 (ms)', pct(signups, 99).toFixed(1));
}

/** Member search over the generated pool: D1 time inside the worker (Server-Timing) and round trip. */
async function searchLatencies(base) {
  const regions = ['NL-NH', 'NL-ZH', 'NL-UT', 'NL-NB', 'NL-GR', 'BE-VLG'];
  const inside = [];
  const total = [];
  for (let i = 0; i < 300; i++) {
    const min = 18 + (i % 20);
    const params = new URLSearchParams({
      gender: 'female',
      country: i % 6 === 5 ? 'BE' : 'NL',
      min_age: String(min),
      max_age: String(min + 10 + (i % 15)),
      page: String(1 + (i % 5)),
    });
    if (i % 2) params.set('region', regions[i % regions.length]);
    if (i % 3 === 0) params.set('hair_colour', ['blond', 'brown', 'black', 'red'][i % 4]);
    const t = performance.now();
    const res = await fetch(`${base}/api/members.php?${params}`, { headers: { 'cf-ipcountry': 'NL' } });
    const body = await res.json();
    total.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`search answered ${res.status} ${JSON.stringify(body)}`);
    inside.push(Number(/(?:^|, )search;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]));
  }
  row(`search, page of 20, in the worker p50 (ms)`, pct(inside, 50).toFixed(1), '', `${SEARCH_MEMBERS} generated + demo members`);
  row(`search, page of 20, in the worker p95 (ms)`, pct(inside, 95).toFixed(1), '≤ 25', pct(inside, 95) <= 25 ? 'met' : 'NOT met');
  row('search round trip p95 (ms)', pct(total, 95).toFixed(1));
}

/**
 * Photo uploads of 12-megapixel phone JPEGs with EXIF (about 4 MB each: checked, stripped, made into
 * a display version and a thumbnail by the Images binding, which is Sharp under wrangler dev, and
 * stored in R2), 4 at a time, 24 uploads.
 */
async function uploadThroughput(base) {
  const photos = await Promise.all([1, 2, 3].map((seed) => phonePhotoCached(seed)));
  const cookies = [];
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${base}/api/signup.php`, {
      method: 'POST',
      headers: client,
      body: JSON.stringify({
        email: `upload-${Date.now()}-${i}@example.org`,
        password: 'bench-password',
        name: 'Bench',
        date_of_birth: '1990-01-01',
        gender: 'male',
      }),
    });
    cookies.push(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith('sid='))
        ?.split(';')[0],
    );
  }
  const jobs = cookies.flatMap((cookie) => [cookie, cookie, cookie]);
  const started = performance.now();
  const times = [];
  let ok = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = jobs.shift(), n = 0; job; job = jobs.shift(), n++) {
        const form = new FormData();
        form.set('photo', new Blob([photos[n % photos.length]], { type: 'image/jpeg' }), 'IMG_0001.jpg');
        const t0 = performance.now();
        const res = await fetch(`${base}/api/photo.php`, {
          method: 'POST',
          headers: { 'request-type': 'client', cookie: job },
          body: form,
        });
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (res.status === 201) ok++;
        else throw new Error(`photo upload answered ${res.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const mb = (photos.reduce((n, p) => n + p.length, 0) / photos.length / 1e6).toFixed(1);
  row(
    'photo upload throughput, 12 MP JPEGs (uploads/s)',
    (ok / seconds).toFixed(2),
    '',
    `${ok} uploads of ${mb} MB, 4 concurrent; versions by Sharp locally`,
  );
  row('photo upload, 12 MP JPEG, p50 (ms)', pct(times, 50).toFixed(0));
}

/** The session cookie of a seeded chat member (scripts/seed-bench.ts: men 20000000-49, women 20000050-99). */
const chatCookie = (id) => `sid=${`bench${id}`.padEnd(43, 'x')}`;
const MEN = 20_000_000;
const WOMEN = 20_000_050;
let sendCount = 0;
const sendMessage = (base, from, to, text = 'Hallo!') =>
  fetch(`${base}/api/message.php`, {
    method: 'POST',
    headers: { ...client, cookie: chatCookie(from) },
    body: JSON.stringify({ to, kind: 'text', text, client_id: `bench-send-${Date.now()}-${sendCount++}` }),
  });

/**
 * Chat: the list and a long conversation for a member, the live round trip, and sends per second.
 * `base` is the site on local workerd, `dev` the same site under wrangler dev on the same seeded data (a copy of it):
 * every timed call is asked of both in turn (the order alternating), the rows are workerd's and
 * wrangler dev's figures stand beside them (README, "The bench on local workerd").
 */
async function chatBench(base, dev) {
  // the member's session on each side (each has its own copy of the data)
  const cookies = { workerd: await premiumCookie(base), dev: await premiumCookie(dev) };
  const cookie = cookies.workerd;
  // every conversation of the member, page by page; the longest is the oldest id (the seed made it first)
  let conversations = 0;
  let longest = Infinity;
  // each page after the cursor the page before answered (decision 199)
  for (let next = null; ;) {
    const body = await (
      await fetch(`${base}/api/chats.php${next ? `?before=${encodeURIComponent(next)}` : ''}`, { headers: { cookie } })
    ).json();
    conversations += body.chats.length;
    for (const c of body.chats) longest = Math.min(longest, c.conversation);
    if (!body.next) break;
    next = body.next;
  }
  if (conversations !== 500) throw new Error(`the bench member should have 500 conversations, has ${conversations}`);
  // the time D1 took inside the worker (its Server-Timing), beside the whole call's
  const d1 = (res) => Number(/(?:^|, )d1;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
  const sides = { workerd: base, dev };
  const order = (i) => (i % 2 ? ['dev', 'workerd'] : ['workerd', 'dev']);
  /** 100 sequential GETs of a path on each side in turn: the times, D1's times and the last body. */
  const timeGets = async (path) => {
    const out = { workerd: { times: [], d1: [] }, dev: { times: [], d1: [] } };
    for (let i = 0; i < 100; i++) {
      for (const side of order(i)) {
        const t = performance.now();
        const res = await fetch(`${sides[side]}${path}`, { headers: { cookie: cookies[side] } });
        out[side].body = await res.json();
        out[side].times.push(performance.now() - t);
        out[side].d1.push(d1(res));
      }
    }
    return out;
  };
  const devNote = (r, p) => `wrangler dev p${p} ${pct(r.dev.times, p).toFixed(1)}`;
  const list = await timeGets('/api/chats.php');
  const l = list.workerd;
  row(
    'GET /api/chats.php p95 (ms) on workerd',
    pct(l.times, 95).toFixed(1),
    '≤ 20',
    `${pct(l.times, 95) <= 20 ? 'met' : 'NOT met'}; ${conversations} conversations; D1 p50 ${pct(l.d1, 50)}, p95 ${pct(l.d1, 95)}; ${devNote(list, 95)}`,
  );
  const page = await timeGets(`/api/messages.php?conversation=${longest}`);
  if (!page.workerd.body.more || !page.dev.body.more) throw new Error('the long conversation should have more than a page');
  const m = page.workerd;
  row(
    'GET /api/messages.php p95 (ms) on workerd',
    pct(m.times, 95).toFixed(1),
    '≤ 15',
    `${pct(m.times, 95) <= 15 ? 'met' : 'NOT met'}; 10,000 messages; p50 ${pct(m.times, 50).toFixed(1)}; D1 p50 ${pct(m.d1, 50)}, p95 ${pct(m.d1, 95)}; ${devNote(page, 50)}, ${devNote(page, 95)}`,
  );

  // live round trip: from A's send to B's WebSocket, on each side in turn (B's socket on the
  // side that takes the send: each side has its own Durable Objects); 100 sends per side from 49
  // men (at most 5 each: the one-pair sends below are the first man's), under the send rate limit
  const arrivedOn = {};
  const sockets = [];
  for (const [side, b] of Object.entries(sides)) {
    const ws = new WebSocket(`${b.replace('http', 'ws')}/api/live.php`, {
      headers: { cookie: chatCookie(WOMEN), origin: new URL(b).origin },
    });
    await new Promise((resolve, reject) => ((ws.onopen = resolve), (ws.onerror = reject)));
    ws.onmessage = (e) => {
      const event = JSON.parse(e.data);
      if (event.type === 'message') arrivedOn[side]?.(event);
    };
    sockets.push(ws);
  }
  // per side and step: the send's answer (headers), its D1 batch inside the worker (Server-Timing),
  // and whether the WebSocket message came before the answer (then the trip is the send's own time)
  const trip = { workerd: { trips: [], answered: [], d1: [], socketFirst: 0 }, dev: { trips: [], answered: [], d1: [], socketFirst: 0 } };
  for (let i = 0; i < 100; i++) {
    for (const side of order(i)) {
      let wsAt = 0;
      const got = new Promise((resolve) => (arrivedOn[side] = resolve)).then(() => (wsAt = performance.now()));
      const t = performance.now();
      const res = await sendMessage(sides[side], MEN + 1 + (i % 49), WOMEN, `rondje ${side} ${i}`);
      const at = performance.now();
      if (res.status !== 201) throw new Error(`send on ${side} answered ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      trip[side].answered.push(at - t);
      trip[side].d1.push(d1(res));
      await got;
      if (wsAt <= at) trip[side].socketFirst++;
      trip[side].trips.push(performance.now() - t);
    }
  }
  for (const ws of sockets) ws.close();
  const w = trip.workerd;
  const dv = trip.dev;
  row(
    'message round trip, send to WebSocket p50 (ms) on workerd',
    pct(w.trips, 50).toFixed(1),
    '≤ 15',
    `${pct(w.trips, 50) <= 15 ? 'met' : 'NOT met'}; the send's answer p50 ${pct(w.answered, 50).toFixed(1)} (its D1 batch p50 ${pct(w.d1, 50)}), the socket first in ${w.socketFirst} of 100; wrangler dev p50 ${pct(dv.trips, 50).toFixed(1)} (D1 batch p50 ${pct(dv.d1, 50)})`,
  );
  row(
    'message round trip, send to WebSocket p95 (ms) on workerd',
    pct(w.trips, 95).toFixed(1),
    '≤ 40',
    `${pct(w.trips, 95) <= 40 ? 'met' : 'NOT met'}; wrangler dev p95 ${pct(dv.trips, 95).toFixed(1)}`,
  );

  // one pair, one send after another (50 sends; the limit is 60 a minute per member)
  let t = performance.now();
  for (let i = 0; i < 50; i++) if ((await sendMessage(base, MEN, WOMEN + 1)).status !== 201) throw new Error('one pair: a send failed');
  row('sends per second, one member pair, on workerd', (50 / ((performance.now() - t) / 1000)).toFixed(0), '', '50 sequential sends');
  // 50 pairs at once, 6 sends each
  t = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: 50 }, async (_, p) => {
      const out = [];
      for (let i = 0; i < 6; i++) out.push((await sendMessage(base, MEN + p, WOMEN + p)).status);
      return out;
    }),
  );
  const ok = statuses.flat().filter((s) => s === 201).length;
  if (ok !== 300) throw new Error(`50 pairs: ${300 - ok} sends failed`);
  row('sends per second, 50 pairs at once, on workerd', (ok / ((performance.now() - t) / 1000)).toFixed(0), '', '300 sends, 50 concurrent');
}

/**
 * Payments with the sim provider, as the seeded chat members (20000000-99, in the Netherlands):
 * starting a payment (the row, the sim's own write, the checkout address), the webhook settling a
 * paid payment (the sim's status fetched back, the grant batch), a replay of a settled one, and
 * webhooks per second with replays (200 calls over 20 paid payments, 20 at a time).
 */
async function paymentBench(base) {
  const members = Array.from({ length: 100 }, (_, i) => MEN + i);
  const start = async (member) => {
    const res = await fetch(`${base}/api/payment.php`, {
      method: 'POST',
      headers: { ...client, cookie: chatCookie(member) },
      body: JSON.stringify({ package: 'p1', method: 'creditcard' }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`payment start answered ${res.status} ${JSON.stringify(body)}`);
    return { member, id: body.payment_id, sim: new URL(body.checkout_url).pathname.split('/').pop() };
  };
  // the sim has the money but its webhook is lost, so the webhook can be timed by itself
  const paidAtSim = async (p) => {
    const res = await fetch(`${base}/dev/psp/${p.sim}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ action: 'paid', webhook: 'skip' }),
    });
    await res.arrayBuffer();
    if (res.status !== 303) throw new Error(`sim checkout answered ${res.status}`);
  };
  const webhook = async (sim) => {
    const res = await fetch(`${base}/hooks/payments/sim`, { method: 'POST', body: new URLSearchParams({ id: sim }) });
    await res.arrayBuffer();
    return res.status;
  };

  const starts = [];
  const started = [];
  for (const member of members) {
    const t = performance.now();
    started.push(await start(member));
    starts.push(performance.now() - t);
  }
  row('POST /api/payment.php start p50 (ms)', pct(starts, 50).toFixed(1), '', '100 sequential, sim provider');
  row('POST /api/payment.php start p95 (ms)', pct(starts, 95).toFixed(1));
  for (const p of started) await paidAtSim(p);
  const settles = [];
  const replays = [];
  for (const p of started) {
    let t = performance.now();
    if ((await webhook(p.sim)) !== 200) throw new Error('webhook: a settle failed');
    settles.push(performance.now() - t);
    t = performance.now();
    if ((await webhook(p.sim)) !== 200) throw new Error('webhook: a replay failed');
    replays.push(performance.now() - t);
  }
  row('POST /hooks/payments/sim settling paid p50 (ms)', pct(settles, 50).toFixed(1), '', '100 sequential: fetched back, grant batch');
  row('POST /hooks/payments/sim settling paid p95 (ms)', pct(settles, 95).toFixed(1));
  row('POST /hooks/payments/sim replay p95 (ms)', pct(replays, 95).toFixed(1), '', 'already settled: fetched back, nothing written');

  // 20 more paid payments, their webhooks 10 times each, interleaved, 20 at a time
  const fresh = [];
  for (const member of members.slice(0, 20)) fresh.push(await start(member));
  for (const p of fresh) await paidAtSim(p);
  const calls = Array.from({ length: 10 }, () => fresh.map((p) => p.sim)).flat();
  const t = performance.now();
  let failed = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let sim = calls.shift(); sim; sim = calls.shift()) if ((await webhook(sim)) !== 200) failed++;
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  if (failed) throw new Error(`webhooks with replays: ${failed} calls failed`);
  // each payment granted exactly once: one purchase row with its payment in the owner's ledger
  for (const p of fresh) {
    const { transactions } = await (await fetch(`${base}/api/transactions.php`, { headers: { cookie: chatCookie(p.member) } })).json();
    const grants = transactions.filter((x) => x.kind === 'purchase' && x.payment?.payment_id === p.id).length;
    if (grants !== 1) throw new Error(`payment ${p.id} was granted ${grants} times`);
  }
  row(
    'webhooks per second with replays',
    (200 / seconds).toFixed(0),
    '',
    '200 calls over 20 paid payments, 20 concurrent; each granted once',
  );
}

/**
 * What wrangler dev's proxy costs a call (README, "The bench on local workerd"): the same workers
 * under `wrangler dev` and on local workerd without it (scripts/workerd.mjs), one request at a time,
 * each call asked of both in turn (the order alternating): the constant-JSON baseline worker, and
 * the site's settings.php (no D1) and user.php (one session lookup) on copies of the same data.
 */
async function proxyCost(devCookie, workerdCookie) {
  const cases = [
    ['constant-JSON Hono worker', `http://127.0.0.1:${BASELINE}/`, `http://127.0.0.1:${DIRECT_BASELINE}/`, {}],
    ['GET /api/settings.php', `${BASE}/api/settings.php`, `${DIRECT}/api/settings.php`, { 'cf-ipcountry': 'NL' }],
    ['GET /api/user.php', `${BASE}/api/user.php`, `${DIRECT}/api/user.php`, { cookie: devCookie }, { cookie: workerdCookie }],
  ];
  for (const [name, devUrl, workerdUrl, headers, workerdHeaders = headers] of cases) {
    const times = { dev: [], workerd: [] };
    for (let i = 0; i < 310; i++) {
      for (const [side, url] of i % 2
        ? [
            ['workerd', workerdUrl],
            ['dev', devUrl],
          ]
        : [
            ['dev', devUrl],
            ['workerd', workerdUrl],
          ]) {
        const t = performance.now();
        const res = await fetch(url, { headers: side === 'dev' ? headers : workerdHeaders });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${name} on ${side} answered ${res.status}`);
        if (i >= 10) times[side].push(performance.now() - t);
      }
    }
    const [d50, d95, w50, w95] = [pct(times.dev, 50), pct(times.dev, 95), pct(times.workerd, 50), pct(times.workerd, 95)];
    row(
      `${name}, p50 / p95 (ms), wrangler dev`,
      `${d50.toFixed(1)} / ${d95.toFixed(1)}`,
      '',
      '300 sequential, alternating with the next row',
    );
    row(
      `${name}, p50 / p95 (ms), workerd without the proxy`,
      `${w50.toFixed(1)} / ${w95.toFixed(1)}`,
      '',
      `the proxy's cost: p50 ${(d50 - w50).toFixed(1)} ms (× ${(d50 / w50).toFixed(2)}), p95 ${(d95 - w95).toFixed(1)} ms`,
    );
  }
}

/**
 * One area of the bench. A failing area is a row saying so (and the run exits non-zero at the
 * end) instead of losing every figure measured before it. BENCH_ONLY=chat,likes runs only those
 * areas (the shell ratios always run: they warm the site).
 */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
let failed = 0;
let serverLog = () => '';
const loads = [];
async function phase(name, fn) {
  if (ONLY && !ONLY.has(name)) return;
  loads.push(loadavg()[0]);
  try {
    await fn();
  } catch (err) {
    failed++;
    console.error(err);
    // what the site's wrangler printed last: a restart or an uncaught error shows here
    console.error(`wrangler dev, last lines:\n${serverLog().split('\n').slice(-40).join('\n')}`);
    row(
      `${name}: FAILED`,
      '',
      '',
      String(err?.message ?? err)
        .slice(0, 120)
        .replace(/\s+/g, ' '),
    );
  }
  loads.push(loadavg()[0]);
}

// BENCH_BUILD=0 keeps web/dist as it is; BENCH_RESEED=0 keeps the bench database of an earlier
// run (for working on one area: a full run reseeds, since every run writes sends and payments)
ensureBuild(process.env.BENCH_BUILD !== '0');
const persistTo = '.wrangler/bench';
const SEARCH_MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
  rmSync(persistTo, { recursive: true, force: true });
  prepareDatabase(persistTo);
  run(bin('tsx'), ['scripts/seed-bench.ts', persistTo, String(SEARCH_MEMBERS)]);
}
// The site on local workerd gets its own copy of the seeded D1 (two workerd processes writing one
// SQLite file would slow both: each write empties the other's page cache); R2 is only read there.
const workerdPersist = '.wrangler/bench-workerd';
rmSync(workerdPersist, { recursive: true, force: true });
mkdirSync(`${workerdPersist}/v3`, { recursive: true });
cpSync(`${persistTo}/v3/d1`, `${workerdPersist}/v3/d1`, { recursive: true });
symlinkSync(resolve(`${persistTo}/v3/r2`), `${workerdPersist}/v3/r2`);

// The same worker without the [assets] block: shows what local workerd's asset router hop costs.
const noAssetsConfig = '.wrangler/bench-no-assets.toml';
writeFileSync(
  noAssetsConfig,
  readFileSync('wrangler.toml', 'utf8')
    .replace(/\[assets\][\s\S]*?run_worker_first = true\n/, '')
    .replace('main = "worker/index.ts"', 'main = "../worker/index.ts"')
    .replace('migrations_dir = "migrations"', 'migrations_dir = "../migrations"')
    .replace('"./web/dist-ssr/', '"../web/dist-ssr/'),
);

const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8790);
const BASE = `http://127.0.0.1:${BENCH_PORT}`;
// the baselines and the workerd servers on the next five ports, so two benches on one machine
// (two BENCH_PORTs ten apart) never meet
const [BASELINE, BARE, BASELINE_ASSETS, DIRECT_PORT, DIRECT_BASELINE] = [1, 2, 3, 4, 5].map((n) => BENCH_PORT + n);
// the site on local workerd without wrangler dev's proxy, on a copy of the same seeded data (README, "The bench on local workerd")
const DIRECT = `http://127.0.0.1:${DIRECT_PORT}`;
// every server started is stopped at the end, also when a later one fails to start
const servers = [];
const serve = async (started) => (servers.push(await started), servers.at(-1));
try {
  const site = await serve(startWrangler({ port: BENCH_PORT, persistTo }));
  serverLog = site.log;
  await serve(startWrangler({ port: BASELINE, config: 'tests/bench/minimal/wrangler.toml' }));
  await serve(startWrangler({ port: BARE, config: noAssetsConfig, persistTo: '.wrangler/bench' }));
  await serve(startWrangler({ port: BASELINE_ASSETS, config: 'tests/bench/minimal/wrangler.assets.toml' }));
  await serve(startWorkerd({ port: DIRECT_PORT, persistTo: workerdPersist }));
  await serve(startWorkerd({ port: DIRECT_BASELINE, config: 'tests/bench/minimal/wrangler.toml' }));
  const settingsUrl = `${BASE}/api/settings.php`;
  const headers = { 'cf-ipcountry': 'NL' };
  // warm both isolates, then measure side by side, twice, alternating
  await load(`http://127.0.0.1:${BASELINE}/`).catch(() => {});
  await load(settingsUrl, headers);
  await load(`http://127.0.0.1:${BARE}/api/settings.php`, headers);
  await load(`http://127.0.0.1:${BASELINE_ASSETS}/`);
  await load(`${BASE}/`, headers);
  const results = { base: [], baseAssets: [], settings: [], bare: [], page: [] };
  for (let i = 0; i < 3; i++) {
    results.base.push((await load(`http://127.0.0.1:${BASELINE}/`)).requests.average);
    results.baseAssets.push((await load(`http://127.0.0.1:${BASELINE_ASSETS}/`)).requests.average);
    const r = await load(settingsUrl, headers);
    if (r.non2xx) throw new Error(`settings answered ${r.non2xx} non-2xx responses`);
    results.settings.push(r.requests.average);
    results.bare.push((await load(`http://127.0.0.1:${BARE}/api/settings.php`, headers)).requests.average);
    const p = await load(`${BASE}/`, headers);
    if (p.non2xx) throw new Error(`the app shell answered ${p.non2xx} non-2xx responses`);
    results.page.push(p.requests.average);
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const base = median(results.base);
  const settings = median(results.settings);
  const bareSettings = median(results.bare);
  const baseAssets = median(results.baseAssets);
  const verdict = (r) => (r >= 0.7 ? 'met' : 'NOT met');
  row('A baseline Hono worker, constant JSON (req/s)', base.toFixed(0), '', 'no [assets]');
  row('B baseline, same [assets] set-up as the site (req/s)', baseAssets.toFixed(0), '', 'worker first');
  row('C GET /api/settings.php, the site (req/s)', settings.toFixed(0));
  row('D GET /api/settings.php, site without [assets] (req/s)', bareSettings.toFixed(0));
  row('C / A settings vs bare baseline', (settings / base).toFixed(2), '≥ 0.70', verdict(settings / base));
  row('C / B settings vs baseline started the same way', (settings / baseAssets).toFixed(2), '≥ 0.70', verdict(settings / baseAssets));
  row('D / A settings code alone vs bare baseline', (bareSettings / base).toFixed(2), '≥ 0.70', verdict(bareSettings / base));
  const page = median(results.page);
  row('E GET / app shell with inlined settings (req/s)', page.toFixed(0), '', `C: ${settings.toFixed(0)}`);
  row('E / C app shell vs settings.php', (page / settings).toFixed(2), '≥ 0.80', page / settings >= 0.8 ? 'met' : 'NOT met');
  await phase('lighthouse', async () => rows.push(...(await lighthouseRows(BASE))));
  await phase('entry answer', async () => rows.push(...(await entryAnswerRows(BASE))));
  await phase('landers', async () => rows.push(...(await landersBench(BASE))));
  await phase('accounts', () => accountLatencies(BASE));
  await phase('search', () => searchLatencies(BASE));
  await phase('proxy', async () => proxyCost(await premiumCookie(BASE), await premiumCookie(DIRECT)));
  await phase('likes', async () =>
    rows.push(...(await likesBench(DIRECT, await premiumCookie(DIRECT), { dev: BASE, devCookie: await premiumCookie(BASE) }))),
  );
  await phase('moderation', async () => rows.push(...(await moderationBench(BENCH_PORT))));
  await phase('chat console', async () => rows.push(...(await consoleBench(BENCH_PORT))));
  await phase('export', async () => rows.push(...(await exportBench(BASE, persistTo))));
  await phase('uploads', () => uploadThroughput(BASE));
  await phase('chat', () => chatBench(DIRECT, BASE));
  await phase('payments', () => paymentBench(BASE));
  await phase('digest', async () => rows.push(...(await digestBench(BASE, SEARCH_MEMBERS))));
  await phase('push', async () => rows.push(...(await (await import('./push.mjs')).pushBench(BASE, persistTo))));
  await phase('mail', async () => rows.push(...(await (await import('./mail.mjs')).mailBench(BASE, persistTo))));
} finally {
  for (const server of servers) server.stop();
}

await phase('images', async () => rows.push(...(await imagesBench())));

// every language: only the visitor's own catalogue loads with the page
const perLocale = LOCALES.map((l) => ({ locale: l, ...landingInitialJs(l) })).sort((a, b) => b.gz - a.gz);
const js = perLocale[0];
row(
  'landing page initial JS, gzip (KB), largest language',
  (js.gz / 1024).toFixed(1),
  `≤ ${INITIAL_JS_BUDGET_KB}`,
  `${js.gz / 1024 <= INITIAL_JS_BUDGET_KB ? 'met' : 'NOT met'}; ${js.locale} of ${LOCALES.length}: ${perLocale.map((p) => `${p.locale} ${(p.gz / 1024).toFixed(1)}`).join(', ')}`,
);
row('landing page initial JS, raw (KB)', (js.raw / 1024).toFixed(1), '', `${js.files.length} files`);

const w = [Math.max(...rows.map((r) => r.name.length)), 10, 8, 12];
const line = (c) => `| ${c.map((v, i) => String(v).padEnd(w[i])).join(' | ')} |`;
console.log(
  `\nBenchmarks (${DURATION}s × ${CONNECTIONS} connections per run, wrangler dev on loopback unless a row says "on workerd"; req/s are medians of 3 alternating runs)`,
);
console.log(`load average (1 min) at the areas' starts and ends: ${loads.map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores\n`);
console.log(line(['measure', 'value', 'goal', 'note']));
console.log(line(w.map((n) => '-'.repeat(n))));
for (const r of rows) console.log(line([r.name, r.value, r.goal, r.note]));
if (failed) process.exitCode = 1;
