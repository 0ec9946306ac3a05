// A/B of the hot member calls, old code against new in the same minutes (README, "Hot statements"):
//   node tests/bench/ab.mjs <git-ref> [port] [rounds]
// A is the worker of <git-ref> (taken out with `git archive` under .wrangler/ab/), B the worktree's
// own. Each runs under `wrangler dev` on a copy of the bench database (`.wrangler/bench`, as
// `npm run bench` seeds it); every round asks A and B the same request,
// one after the other (the order alternating), so both see the same load on a shared machine.
// Prints per call p50 and p95 of both, the ratios B / A, and the machine's load. AB_CASES=user,chats
// (parts of the calls' names) runs only those calls.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { WebSocket } from 'undici';
import { startWrangler } from '../../scripts/lib.mjs';

const [ref, portArg = '8944', roundsArg = '200'] = process.argv.slice(2);
if (!ref) throw new Error('usage: node tests/bench/ab.mjs <git-ref> [port] [rounds]');
const PORT = Number(portArg);
const ROUNDS = Number(roundsArg);
if (!existsSync('.wrangler/bench/v3/d1')) throw new Error('no bench database: seed it as npm run bench does (scripts/seed-bench.ts)');

// the old worker, with what it imports outside worker/ (tenants, locales) and a config beside it
const old = resolve('.wrangler/ab/old');
rmSync(old, { recursive: true, force: true });
mkdirSync(old, { recursive: true });
execSync(`git archive ${ref} worker tenants locales | tar -x -C ${old}`);
writeFileSync(
  `${old}/wrangler.toml`,
  readFileSync('wrangler.toml', 'utf8')
    .replace('directory = "./web/dist"', `directory = "${resolve('web/dist')}"`)
    .replace('migrations_dir = "migrations"', `migrations_dir = "${resolve('migrations')}"`),
);
cpSync('.dev.vars', `${old}/.dev.vars`);

// one copy of the database each (sends write); the photos are only read
const persist = (name) => {
  const dir = resolve(`.wrangler/ab/${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/v3`, { recursive: true });
  cpSync('.wrangler/bench/v3/d1', `${dir}/v3/d1`, { recursive: true });
  symlinkSync(resolve('.wrangler/bench/v3/r2'), `${dir}/v3/r2`);
  return dir;
};
const servers = {
  A: await startWrangler({ port: PORT, config: `${old}/wrangler.toml`, persistTo: persist('a') }),
  B: await startWrangler({ port: PORT + 1, persistTo: persist('b') }),
};
const base = { A: `http://127.0.0.1:${PORT}`, B: `http://127.0.0.1:${PORT + 1}` };

const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const client = { 'request-type': 'client', 'content-type': 'application/json' };
const chatCookie = (id) => `sid=${`bench${id}`.padEnd(43, 'x')}`;
const MEN = 20_000_000;
const WOMEN = 20_000_050;

async function login(b) {
  const res = await fetch(`${b}/api/user.php`, {
    method: 'POST',
    headers: client,
    body: JSON.stringify({ email: 'premium@example.com', password: 'demo-password' }),
  });
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
}
const premium = { A: await login(base.A), B: await login(base.B) };
// the premium member's longest conversation: the oldest id of their list (the seed made it first)
async function longest(b, cookie) {
  let id = Infinity;
  // page by page, each after the cursor the page before answered (decision 199)
  for (let next = null; ;) {
    const body = await (
      await fetch(`${b}/api/chats.php${next ? `?before=${encodeURIComponent(next)}` : ''}`, { headers: { cookie } })
    ).json();
    for (const c of body.chats) id = Math.min(id, c.conversation);
    if (!body.next) return id;
    next = body.next;
  }
}
const conversation = { A: await longest(base.A, premium.A), B: await longest(base.B, premium.B) };

// live sockets of the women the sends go to, one per server
const arrivals = { A: null, B: null };
const sockets = {};
for (const side of ['A', 'B']) {
  const ws = new WebSocket(`${base[side].replace('http', 'ws')}/api/live.php`, {
    headers: { cookie: chatCookie(WOMEN), origin: base[side] },
  });
  await new Promise((ok, fail) => ((ws.onopen = ok), (ws.onerror = fail)));
  ws.onmessage = (e) => {
    if (JSON.parse(e.data).type === 'message') arrivals[side]?.();
  };
  sockets[side] = ws;
}

let sends = 0;
/** The calls compared: each answers its fetch; `trip` also waits for the live message. */
const cases = [
  ['GET /api/settings.php, visitor', (s) => fetch(`${base[s]}/api/settings.php`, { headers: { 'cf-ipcountry': 'NL' } })],
  [
    'GET /api/settings.php, member cookie',
    (s) => fetch(`${base[s]}/api/settings.php`, { headers: { 'cf-ipcountry': 'NL', cookie: premium[s] } }),
  ],
  ['GET /api/user.php', (s) => fetch(`${base[s]}/api/user.php`, { headers: { cookie: premium[s] } })],
  ['GET /api/chats.php (500)', (s) => fetch(`${base[s]}/api/chats.php`, { headers: { cookie: premium[s] } })],
  [
    'GET /api/messages.php (10,000)',
    (s) => fetch(`${base[s]}/api/messages.php?conversation=${conversation[s]}`, { headers: { cookie: premium[s] } }),
  ],
  ['GET /api/likes.php (10,000)', (s) => fetch(`${base[s]}/api/likes.php`, { headers: { cookie: premium[s] } })],
  ['GET / app shell, visitor', (s) => fetch(`${base[s]}/`, { headers: { 'cf-ipcountry': 'NL' } })],
  [
    'send to WebSocket',
    async (s) => {
      const got = new Promise((ok) => (arrivals[s] = ok));
      const n = sends++;
      const res = await fetch(`${base[s]}/api/message.php`, {
        method: 'POST',
        headers: { ...client, cookie: chatCookie(MEN + (Math.floor(n / 2) % 50)) },
        body: JSON.stringify({ to: WOMEN, kind: 'text', text: `ab ${n}`, client_id: `ab-${Date.now()}-${n}` }),
      });
      await got;
      return res;
    },
  ],
];

const load = [];
const sample = () => load.push(loadavg()[0]);
const results = [];
try {
  // AB_CASES=user,messages (parts of the names) runs only those calls
  const only = process.env.AB_CASES?.split(',');
  for (const [name, call] of cases.filter(([n]) => !only || only.some((o) => n.includes(o)))) {
    const times = { A: [], B: [] };
    const timing = { A: [], B: [] };
    // 50 sends a minute per member at most: a send case takes at most 100 rounds per 50 men
    const rounds = name.startsWith('send') ? Math.min(ROUNDS, 100) : ROUNDS;
    for (let i = 0; i < rounds + 10; i++) {
      for (const s of i % 2 ? ['B', 'A'] : ['A', 'B']) {
        const t = performance.now();
        const res = await call(s);
        await res.arrayBuffer();
        const ms = performance.now() - t;
        if (res.status >= 400) throw new Error(`${name} on ${s} answered ${res.status}`);
        if (i < 10) continue; // warm-up
        times[s].push(ms);
        timing[s].push(res.headers.get('server-timing') ?? '');
      }
      if (i % 50 === 0) sample();
    }
    results.push({ name, times, timing: timing.B.at(-1) });
  }
} finally {
  for (const ws of Object.values(sockets)) ws.close();
  servers.A.stop();
  servers.B.stop();
}

const f = (n) => n.toFixed(1).padStart(6);
console.log(
  `\nA/B: A = ${ref} (${execSync(`git rev-parse --short ${ref}`).toString().trim()}), B = worktree (${execSync('git rev-parse --short HEAD').toString().trim()}${execSync('git status --porcelain worker').toString().trim() ? ' + uncommitted' : ''}); ${ROUNDS} rounds, alternating`,
);
console.log(`load average during the run: ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}\n`);
console.log('| call                                   |  A p50 |  B p50 | B/A p50 |  A p95 |  B p95 | B/A p95 | B Server-Timing (last) |');
console.log('| -------------------------------------- | ------ | ------ | ------- | ------ | ------ | ------- | ---------------------- |');
for (const r of results) {
  const [a50, b50, a95, b95] = [pct(r.times.A, 50), pct(r.times.B, 50), pct(r.times.A, 95), pct(r.times.B, 95)];
  console.log(
    `| ${r.name.padEnd(38)} | ${f(a50)} | ${f(b50)} | ${(b50 / a50).toFixed(2).padStart(7)} | ${f(a95)} | ${f(b95)} | ${(b95 / a95).toFixed(2).padStart(7)} | ${r.timing} |`,
  );
}
