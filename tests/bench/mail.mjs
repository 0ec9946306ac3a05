// Mail deliveries through the deliveries queue (worker/lib/deliveries.ts) under wrangler dev: its
// local queue runs the worker's consumer, and miniflare's send_email binding stands in for Email
// Service (it keeps each message on disk).
//  1. A new-message mail's delay: the demo premium member (900002) starts a conversation with a
//     member who has none with them yet, which mails `new_conversation` at once; timed from the
//     request's start to the outbox row's `sent_at` (written when the binding's send() answered).
//  2. 10,000 queued mails drained: rows written straight into the outbox (as the weekly digest
//     writes them), the cron's sweep run by hand (POST /dev/deliveries/sweep), timed until every one
//     is sent (GET /dev/deliveries.json); mails per second.
// `npm run bench` calls mailBench on its own server; by itself (`node tests/bench/mail.mjs [port]`,
// port 8840-8849, default 8840) it prepares its own database (.wrangler/bench-mail, the bench seed).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const RUNS = 20;
const DRAIN = 10_000;
const client = { 'request-type': 'client', 'content-type': 'application/json' };
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

/** Runs SQL on the local D1 that wrangler dev (with the same persist directory) serves; answers the rows. */
function d1(persistTo, sql) {
  const r = spawnSync(
    'node_modules/.bin/wrangler',
    ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', sql],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: 'true' },
    },
  );
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout)[0].results;
}

async function login(base, email) {
  const res = await fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: client,
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  if (res.status !== 200 || !cookie) throw new Error(`login ${email} answered ${res.status}`);
  return cookie;
}

const mails = async (base) => (await (await fetch(`${base}/dev/mail.json`)).json()).mails;
const counts = async (base) => (await (await fetch(`${base}/dev/deliveries.json`)).json()).mail;

export async function mailBench(base, persistTo) {
  const rows = [];
  // 1. the new-conversation mail's delay
  const cookie = await login(base, 'premium@example.com');
  const recipients = d1(
    persistTo,
    `SELECT m.id, m.email FROM members m WHERE m.company_id = 1 AND m.niche = 1 AND m.gender = 'female' AND m.fictional = 0 AND m.status = 'active'
       AND m.notifications_disabled = '[]' AND m.id != 900002
       AND NOT EXISTS (SELECT 1 FROM conversations c WHERE (c.member_a = 900002 AND c.member_b = m.id) OR (c.member_b = 900002 AND c.member_a = m.id))
     ORDER BY m.id DESC LIMIT ${RUNS}`,
  );
  if (recipients.length < RUNS) throw new Error(`mail bench: only ${recipients.length} recipients without a conversation`);
  const delays = [];
  for (const [i, r] of recipients.entries()) {
    const started = Date.now();
    const res = await fetch(`${base}/api/message.php`, {
      method: 'POST',
      headers: { ...client, cookie },
      body: JSON.stringify({ to: r.id, kind: 'text', text: 'Hoi!', client_id: `bench-mail-${started}-${i}` }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`send answered ${res.status}`);
    for (let waited = 0; ; waited += 20) {
      const mail = (await mails(base)).find((m) => m.to === r.email && m.kind === 'new_conversation');
      if (mail?.sent_at) {
        delays.push(Date.parse(mail.sent_at) - started);
        break;
      }
      if (waited > 30_000) throw new Error(`mail bench: no new_conversation mail to ${r.email} sent within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  rows.push({
    name: 'new-message mail, send to Email Service call, p50 (ms)',
    value: pct(delays, 50).toFixed(0),
    goal: '',
    note: `${RUNS} first messages, each mailed at once through the deliveries queue (wrangler dev's local queue, max_batch_timeout 1 s)`,
  });
  rows.push({
    name: 'new-message mail, send to Email Service call, p95 (ms)',
    value: pct(delays, 95).toFixed(0),
    goal: '≤ 5000',
    note: pct(delays, 95) <= 5000 ? 'met' : 'NOT met',
  });

  // 2. 10,000 queued mails drained; what other benches left in the outbox (the weekly digest's) goes first
  await fetch(`${base}/dev/deliveries/sweep`, { method: 'POST' });
  for (let waited = 0; waited < 300_000; waited += 500) {
    const c = await counts(base);
    if (c.waiting + c.queued === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const before = await counts(base);
  const tag = `drain-${Date.now()}`;
  d1(
    persistTo,
    `INSERT INTO mail_outbox (site, to_address, kind, subject, text, html, created_at)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${DRAIN})
     SELECT 'vonkje', '${tag}-' || i || '@bench.invalid', 'weekly_update', 'Nieuw op Vonkje deze week', 'Hallo, dit zijn de nieuwe leden van deze week.', '<!doctype html><p>Hallo</p>', strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
  );
  const started = performance.now();
  const sweep = await fetch(`${base}/dev/deliveries/sweep`, { method: 'POST' });
  const { enqueued } = await sweep.json();
  const enqueuedAfter = performance.now() - started;
  let now = await counts(base);
  while (now.sent - before.sent < DRAIN && performance.now() - started < 600_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    now = await counts(base);
  }
  const seconds = (performance.now() - started) / 1000;
  const sent = now.sent - before.sent;
  rows.push({
    name: `${DRAIN.toLocaleString('en')} queued mails drained (mails/s)`,
    value: (sent / seconds).toFixed(0),
    goal: '',
    note: `${sent} sent in ${seconds.toFixed(1)} s (the sweep enqueued ${enqueued.mail} in ${(enqueuedAfter / 1000).toFixed(1)} s); ${now.failed - before.failed} given up; local queue, 100 a batch, one claim and one record per batch, 10 sends in flight`,
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { runAlone } = await import('./standalone.mjs');
  const port = Number(process.argv[2] ?? 8840);
  if (!(port >= 8840 && port <= 8849)) throw new Error('the standalone mail bench uses a port from 8840 to 8849');
  await runAlone({
    persistTo: '.wrangler/bench-mail',
    defaultPort: port,
    members: 2_000,
    width: 58,
    bench: (p) => mailBench(`http://127.0.0.1:${p}`, '.wrangler/bench-mail'),
  });
}
