// npm run bench -- --scale: the hot calls at a network's size (one company pool of SCALE_MEMBERS,
// default 1,000,000 members, 10 million likes, 2 million conversations with 10 million messages,
// the ledger rows they imply: scripts/seed-scale.ts), on local workerd without wrangler dev's proxy;
// the storage each kind of row takes (SQLite's dbstat, indexes included); and every statement the
// calls ran, with its query plan checked for full scans of the big tables. Prints one table.
// Benchmarks are not tests: nothing here asserts. SCALE_RESEED=1 builds the pool again (minutes);
// otherwise a pool built earlier is copied and used (the copy takes the run's writes).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadavg, cpus } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { bin, ensureBuild, prepareDatabase, run, startWorkerd } from '../../scripts/lib.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8960);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 200);
const ARCHIVE_RUNS = Number(process.env.SCALE_ARCHIVE_RUNS ?? 5);
const pristine = '.wrangler/scale';
const work = '.wrangler/scale-run';
const client = { 'request-type': 'client', 'content-type': 'application/json' };
const scaleCookie = (id) => `sid=${`scale${id}`.padEnd(43, 'x')}`;
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const rows = [];
const row = (name, value, goal = '', note = '') => {
  rows.push({ name, value, goal, note });
  // as it is measured too: a slow call at this size shows before the table does
  console.log(`scale: ${name}: ${value}${goal ? ` (goal ${goal})` : ''}${note ? ` — ${note}` : ''}`);
};
const sqliteFile = (persist) => {
  const dir = `${persist}/v3/d1/miniflare-D1DatabaseObject`;
  return `${dir}/${readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')}`;
};

ensureBuild(process.env.BENCH_BUILD !== '0');
if (process.env.SCALE_RESEED === '1' || !existsSync(`${pristine}/scale.json`)) {
  const t = Date.now();
  rmSync(pristine, { recursive: true, force: true });
  prepareDatabase(pristine);
  run(bin('tsx'), ['scripts/seed-scale.ts', pristine]);
  console.log(`scale: the pool was built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}
// migrations added since the pool was built (adding a column or an index is quick even at this size)
run(bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', pristine], { stdio: ['ignore', 'ignore', 'inherit'] });
const facts = JSON.parse(readFileSync(`${pristine}/scale.json`, 'utf8'));
rmSync(work, { recursive: true, force: true });
mkdirSync(`${work}/v3`, { recursive: true });
cpSync(`${pristine}/v3/d1`, `${work}/v3/d1`, { recursive: true });
symlinkSync(resolve(`${pristine}/v3/r2`), `${work}/v3/r2`);

// ---- storage: bytes per row of each kind, its indexes included; what the archive job has to move
const ARCHIVE_DAYS = 180; // worker/features/chat/chat.archive.ts ARCHIVE_AFTER_DAYS
const ARCHIVE_CUTOFF = new Date(Date.now() - ARCHIVE_DAYS * 86_400_000).toISOString();
const inUse = { before: 0, after: 0 };
const idle = { conversations: 0, messages: 0 };
{
  const db = new DatabaseSync(sqliteFile(work), { readOnly: true });
  const bytes = new Map(
    db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name')
      .all()
      .map((r) => [r.name, r.bytes]),
  );
  const indexes = (table) =>
    db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = ?`)
      .all(table)
      .map((r) => r.name);
  const total = statSync(sqliteFile(work)).size;
  row('database file (MB)', (total / 1e6).toFixed(0), '≤ 10,000 (D1 cap)', `${facts.made.members.toLocaleString('en')} members`);
  inUse.before = [...bytes.values()].reduce((a, b) => a + b, 0);
  const due = db
    .prepare(
      `SELECT count(*) AS conversations, coalesce(sum((SELECT count(*) FROM messages m WHERE m.conversation_id = c.id AND m.id > c.archived_up_to)), 0) AS messages
       FROM conversations c WHERE c.last_message_at < ? AND c.last_message_id > c.archived_up_to`,
    )
    .get(ARCHIVE_CUTOFF);
  idle.conversations = due.conversations;
  idle.messages = due.messages;
  for (const [table, what] of [
    ['members', 'member'],
    ['photos', 'photo row'],
    ['likes', 'like'],
    ['conversations', 'conversation'],
    ['conversation_members', 'conversation side (2 each)'],
    ['messages', 'message'],
    ['credit_ledger', 'ledger row'],
  ]) {
    const count = db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n;
    const own = bytes.get(table) ?? 0;
    const idx = indexes(table).reduce((s, i) => s + (bytes.get(i) ?? 0), 0);
    row(
      `bytes per ${what}, indexes included`,
      ((own + idx) / count).toFixed(0),
      '',
      `${count.toLocaleString('en')} rows: table ${(own / 1e6).toFixed(0)} MB + indexes ${(idx / 1e6).toFixed(0)} MB`,
    );
  }
  db.close();
}

// ---- the hot calls
const server = await startWorkerd({ port: PORT, persistTo: work, portVariable: 'BENCH_PORT', sqlTrace: true });
const base = `http://127.0.0.1:${PORT}`;
const load = [loadavg()[0]];
async function timed(name, goal, call, rounds = ROUNDS, note = '') {
  const times = [];
  for (let i = 0; i < rounds + 10; i++) {
    const t = performance.now();
    const res = await call(i);
    const body = await res.text();
    if (res.status >= 400) throw new Error(`${name} answered ${res.status} ${body.slice(0, 200)}`);
    if (i >= 10) times.push(performance.now() - t);
  }
  const [p50, p95] = [pct(times, 50), pct(times, 95)];
  row(
    `${name} p50 / p95 (ms)`,
    `${p50.toFixed(1)} / ${p95.toFixed(1)}`,
    goal ? `p95 ≤ ${goal}` : '',
    `${goal ? (p95 <= goal ? 'met' : 'NOT met') + '; ' : ''}${rounds} sequential${note ? `, ${note}` : ''}`,
  );
  load.push(loadavg()[0]);
}
const get = (path, id) => () => fetch(`${base}${path}`, { headers: { cookie: scaleCookie(id), 'cf-ipcountry': 'NL' } });
try {
  const heavy = facts.heavy;
  const regions = ['NL-NH', 'NL-ZH', 'NL-UT', 'NL-NB', 'NL-GR'];
  const filters = (i, page) =>
    new URLSearchParams({
      gender: 'female',
      country: 'NL',
      min_age: String(20 + (i % 15)),
      max_age: String(40 + (i % 15)),
      region: regions[i % regions.length],
      ...(i % 2 ? { hair_colour: ['blond', 'brown', 'black', 'red'][i % 4] } : {}),
      page: String(page),
    });
  await timed('search, first page, no filters', 25, get('/api/members.php', heavy));
  await timed('search, page 50, no filters', 25, get('/api/members.php?page=50', heavy));
  await timed('search, first page, filters', 25, (i) => get(`/api/members.php?${filters(i, 1)}`, heavy)());
  await timed(
    'search, page 50, filters',
    25,
    (i) => get(`/api/members.php?${filters(i, 50)}`, heavy)(),
    ROUNDS,
    'pages past the end answer empty',
  );
  await timed(`chats.php, ${facts.made.conversations ? '2,000' : ''} conversations, first page`, 20, get('/api/chats.php', heavy));
  // page 50: the cursor the 49th page answers (the list pages by keyset, decision 199)
  let cursor = null;
  for (let i = 1; i < 50; i++) {
    const page = await (await get(`/api/chats.php${cursor ? `?before=${encodeURIComponent(cursor)}` : ''}`, heavy)()).json();
    if (!page.next) throw new Error(`chats.php: the list ends on page ${i}`);
    cursor = page.next;
  }
  await timed('chats.php, page 50', 20, get(`/api/chats.php?before=${encodeURIComponent(cursor)}`, heavy));
  const first = await get(`/api/messages.php?conversation=${facts.longest.id}`, facts.longest.member)();
  const newest = await first.json();
  if (first.status !== 200) throw new Error(`messages.php answered ${first.status} ${JSON.stringify(newest)}`);
  const deep = Math.min(...newest.messages.map((m) => m.id)) - 1000;
  await timed(
    `messages.php, newest (${facts.longest.messages.toLocaleString('en')} messages)`,
    15,
    get(`/api/messages.php?conversation=${facts.longest.id}`, facts.longest.member),
  );
  await timed(
    'messages.php, 1,000 messages back',
    15,
    get(`/api/messages.php?conversation=${facts.longest.id}&before=${deep}`, facts.longest.member),
  );
  await timed(`likes.php, ${facts.likedCount.toLocaleString('en')} likes`, 20, get('/api/likes.php', facts.liked));
  await timed('likes.php, the 2,000-conversation member', 20, get('/api/likes.php', heavy));
  await timed('user.php', 0, get('/api/user.php', heavy));
  let sends = 0;
  await timed(
    'paid send (message.php)',
    40,
    (i) => {
      const k = sends++ % facts.senders.length;
      return fetch(`${base}/api/message.php`, {
        method: 'POST',
        headers: { ...client, cookie: scaleCookie(facts.senders[k]) },
        body: JSON.stringify({ to: facts.women[k], kind: 'text', text: `scale ${i}`, client_id: `scale-${Date.now()}-${i}` }),
      });
    },
    Math.min(ROUNDS, 190),
    'to 50 members in turn',
  );
  if (facts.login)
    await timed(
      'login (PBKDF2 100k)',
      0,
      () =>
        fetch(`${base}/api/user.php`, {
          method: 'POST',
          headers: client,
          body: JSON.stringify({ email: facts.login, password: 'demo-password' }),
        }),
      50,
    );
  await timed(
    'signup',
    0,
    (i) =>
      fetch(`${base}/api/signup.php`, {
        method: 'POST',
        headers: { ...client, 'cf-connecting-ip': `10.9.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({
          email: `scale-${Date.now()}-${i}@example.org`,
          password: 'bench-password',
          name: 'Bench',
          date_of_birth: '1990-01-01',
          gender: 'male',
        }),
      }),
    40,
  );

  // the archive job itself (the 5-minute cron's, through the development route that runs a job now): a few runs on the pool
  const runs = [];
  let moved = 0;
  let archived = 0;
  for (let i = 0; i < ARCHIVE_RUNS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/dev/jobs/archive-idle-conversations`, { method: 'POST' });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`the archive job answered ${res.status} ${JSON.stringify(body)}`);
    runs.push(performance.now() - t);
    moved += body.result.messages;
    archived += body.result.conversations;
  }
  const seconds = runs.reduce((a, b) => a + b, 0) / 1000;
  row(
    'archive job, one run (ms, p50 / max)',
    `${pct(runs, 50).toFixed(0)} / ${Math.max(...runs).toFixed(0)}`,
    '',
    `${ARCHIVE_RUNS} runs: ${archived.toLocaleString('en')} conversations, ${moved.toLocaleString('en')} messages to R2 (${(archived / seconds).toFixed(0)} conversations/s); every 5 minutes`,
  );
} finally {
  server.stop();
}

// ---- the query plans of every statement the calls ran
const statements = [
  ...new Set(
    server
      .log()
      .split('\n')
      .flatMap((l) => (/\[sql\] (.*)$/.exec(l)?.[1] ? [/\[sql\] (.*)$/.exec(l)[1]] : [])),
  ),
];
const BIG = ['members', 'photos', 'likes', 'conversations', 'conversation_members', 'messages', 'credit_ledger', 'sessions', 'blocks'];
const scans = [];
{
  const db = new DatabaseSync(sqliteFile(work), { readOnly: true });
  for (const sql of statements) {
    let plan;
    try {
      plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all();
    } catch (err) {
      scans.push({ sql, detail: `no plan: ${err.message}` });
      continue;
    }
    // a full scan of a big table; a walk along a whole index (fine only when a LIMIT stops it early); a sort of every match
    for (const step of plan) {
      const big = BIG.find((t) => new RegExp(`^SCAN ${t}\\b`).test(step.detail));
      if (big) scans.push({ sql, detail: step.detail, kind: /USING (COVERING )?INDEX/.test(step.detail) ? 'walk' : 'scan' });
      if (/TEMP B-TREE/.test(step.detail)) scans.push({ sql, detail: step.detail, kind: 'sort' });
    }
  }
  db.close();
}
row('statements run by the calls', String(statements.length), '', 'each EXPLAIN QUERY PLAN-ed');

// ---- D1 after archiving: the idle conversations the job's runs above did not reach, moved out as the job moves them
// (their text messages deleted, one archive row per conversation and month, archived_up_to set; the R2 objects are
// not written here: the job's runs above wrote theirs), then the pages in use counted again
{
  const db = new DatabaseSync(sqliteFile(work));
  // the stopped server's workerd may hold the file a moment longer
  db.exec('PRAGMA busy_timeout = 60000');
  const t = Date.now();
  db.exec('BEGIN');
  // keyed by id: the update below looks each conversation up (a plain temp table made that quadratic)
  db.exec('CREATE TEMP TABLE due (id INTEGER PRIMARY KEY, after INTEGER NOT NULL, upto INTEGER NOT NULL)');
  db.exec(`INSERT INTO due SELECT id, archived_up_to, last_message_id FROM conversations
           WHERE last_message_at < '${ARCHIVE_CUTOFF}' AND last_message_id > archived_up_to`);
  db.exec(`INSERT OR IGNORE INTO message_archives (conversation_id, first_id, last_id, period, key, messages, bytes, created_at)
           SELECT m.conversation_id, min(m.id), max(m.id), substr(m.created_at, 1, 7), 'archive/messages/' || m.conversation_id || '/' || substr(m.created_at, 1, 7) || '.' || min(m.id) || '.json.gz', count(*), 0, '${new Date().toISOString()}'
           FROM due JOIN messages m ON m.conversation_id = due.id AND m.id > due.after AND m.id <= due.upto AND m.image_key IS NULL
           GROUP BY m.conversation_id, substr(m.created_at, 1, 7)`);
  db.exec(
    `DELETE FROM messages WHERE rowid IN (SELECT m.rowid FROM due JOIN messages m ON m.conversation_id = due.id AND m.id > due.after AND m.id <= due.upto AND m.image_key IS NULL)`,
  );
  db.exec('UPDATE conversations SET archived_up_to = due.upto FROM due WHERE due.id = conversations.id');
  db.exec('COMMIT');
  inUse.after = db.prepare('SELECT sum(pgsize) AS bytes FROM dbstat').get().bytes;
  const left = db.prepare('SELECT count(*) AS n FROM messages').get().n;
  db.close();
  const members = facts.made.members;
  row(
    'idle conversations (no message for 180 days)',
    idle.conversations.toLocaleString('en'),
    '',
    `${idle.messages.toLocaleString('en')} messages in them, of ${facts.made.messages.toLocaleString('en')}`,
  );
  row(
    'D1 in use before / after archiving (MB)',
    `${(inUse.before / 1e6).toFixed(0)} / ${(inUse.after / 1e6).toFixed(0)}`,
    '',
    `pages in use (dbstat); ${left.toLocaleString('en')} messages left in D1; moved in ${((Date.now() - t) / 1000).toFixed(0)} s`,
  );
  row(
    'KB per member before / after archiving',
    `${(inUse.before / members / 1e3).toFixed(2)} / ${(inUse.after / members / 1e3).toFixed(2)}`,
    '',
    `members in 10 GB at this activity: ${(10e9 / (inUse.before / members) / 1e6).toFixed(2)} M before, ${(10e9 / (inUse.after / members) / 1e6).toFixed(2)} M after`,
  );
}
const count = (kind) => String(new Set(scans.filter((s) => s.kind === kind).map((s) => s.sql)).size);
row('of them scanning a big table', count('scan'), '0', 'listed below');
row('of them walking a whole index of a big table', count('walk'), '', 'listed below: fine only where a LIMIT stops the walk early');
row('of them sorting with a temporary B-tree', count('sort'), '', 'listed below');

const w = [Math.max(...rows.map((r) => r.name.length)), Math.max(...rows.map((r) => String(r.value).length)), 18];
console.log(
  `\nscale bench: ${facts.made.members.toLocaleString('en')} members, ${facts.made.likes.toLocaleString('en')} likes, ${facts.made.conversations.toLocaleString('en')} conversations, ${facts.made.messages.toLocaleString('en')} messages, ${facts.made.ledger.toLocaleString('en')} ledger rows (built in ${facts.seconds} s)`,
);
console.log(`${cpus().length} CPUs, load average ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}\n`);
console.log(`| ${'measure'.padEnd(w[0])} | ${'value'.padEnd(w[1])} | ${'goal'.padEnd(w[2])} | note |`);
console.log(`| ${'-'.repeat(w[0])} | ${'-'.repeat(w[1])} | ${'-'.repeat(w[2])} | ---- |`);
for (const r of rows) console.log(`| ${r.name.padEnd(w[0])} | ${String(r.value).padEnd(w[1])} | ${r.goal.padEnd(w[2])} | ${r.note} |`);
for (const s of scans) console.log(`\n${s.kind}: ${s.detail}\n  in: ${s.sql.slice(0, 600)}`);
