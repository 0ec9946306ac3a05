// GET /api/export.php: the time to build and stream the whole ZIP for a member with 5,000
// messages (one conversation, both sides) and 25 photos (real uploads through the Images binding,
// so the ZIP carries 25 display versions from R2). The once-an-hour limit is cleared between runs
// (outside the timing). `npm run bench` calls exportBench with the site's base URL and database;
// by itself: `node tests/bench/export.mjs [port]` (default 8912) seeds its own database
// (.wrangler/bench-export) and starts wrangler dev.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Agent } from 'undici';
import { bin, wranglerEnv } from '../../scripts/lib.mjs';

const RUNS = 7;
const MESSAGES = 5000;
const PHOTOS = 25;
const client = { 'request-type': 'client', 'content-type': 'application/json' };
/** fetch, once more when a kept-alive socket was closed by the server meanwhile (the d1 commands between calls take seconds). */
const fresh = new Agent({ keepAliveTimeout: 10, keepAliveMaxTimeout: 10 });
const fetchAgain = async (url, init) => {
  try {
    return await fetch(url, { ...init, dispatcher: fresh });
  } catch {
    return fetch(url, { ...init, dispatcher: fresh });
  }
};
const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];

function sql(persistTo, command) {
  const r = spawnSync(bin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--json', '--command', command], {
    env: wranglerEnv,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`d1 execute failed: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout)[0].results;
}

/** A member with 25 photos and a conversation of 5,000 messages; answers the session cookie. */
async function heavyMember(base, persistTo) {
  const email = `bench-export-${Date.now()}@example.org`;
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: client,
    body: JSON.stringify({ email, password: 'bench-password', name: 'Exporteur', date_of_birth: '1985-05-05', gender: 'male' }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];
  const { user } = await res.json();
  const [partner] = sql(
    persistTo,
    `SELECT id FROM members WHERE company_id = 1 AND gender = 'female' AND niche = 1 AND status = 'active' AND id != ${user.id} LIMIT 1`,
  );
  const [a, b] = user.id < partner.id ? [user.id, partner.id] : [partner.id, user.id];
  const conversation = 900_000_000_000 + Math.floor(Math.random() * 1e9);
  sql(
    persistTo,
    `UPDATE members SET paid_user = 1, credits = 1000, status = 'active', email_confirmed_at = created_at, signup_step = 'done' WHERE id = ${user.id}`,
  );
  const bytes = readFileSync('tests/fixtures/phone.jpg');
  for (let i = 0; i < PHOTOS; i++) {
    const form = new FormData();
    form.set('photo', new Blob([bytes], { type: 'image/jpeg' }), `p${i}.jpg`);
    const up = await fetchAgain(`${base}/api/photo.php`, { method: 'POST', body: form, headers: { 'request-type': 'client', cookie } });
    if (up.status !== 201) throw new Error(`photo ${i} answered ${up.status} ${await up.text()}`);
  }
  // the conversation after the uploads: a large write beside the running server last
  sql(
    persistTo,
    `INSERT INTO conversations (id, company_id, member_a, member_b, started_by, created_at) VALUES (${conversation}, 1, ${a}, ${b}, ${user.id}, '2030-01-01T00:00:00.000Z');
     INSERT INTO conversation_members (conversation_id, member_id, other_id) VALUES (${conversation}, ${user.id}, ${partner.id}), (${conversation}, ${partner.id}, ${user.id});
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES})
     INSERT INTO messages (conversation_id, sender_id, kind, text, client_id, credits, created_at)
     SELECT ${conversation}, CASE WHEN i % 2 THEN ${user.id} ELSE ${partner.id} END, 'text', 'Bericht nummer ' || i || ': hoe was je dag vandaag? Zin om iets af te spreken?', 'bench-' || ${conversation} || '-' || i, 2, strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || i || ' minutes') FROM n;`,
  );
  return { cookie, id: user.id };
}

/** Rows: p50 and p95 of building and downloading the whole export (RUNS runs after one warm-up). */
export async function exportBench(base, persistTo) {
  const { cookie, id } = await heavyMember(base, persistTo);
  const times = [];
  let size = 0;
  for (let i = 0; i < RUNS + 1; i++) {
    sql(persistTo, `DELETE FROM rate_limits WHERE key = 'export:${id}'`);
    const t = performance.now();
    const res = await fetchAgain(`${base}/api/export.php`, { headers: { cookie } });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`export answered ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - t);
    size = body.byteLength;
  }
  const note = `${MESSAGES} messages, ${PHOTOS} photos (display versions), ${(size / 1024).toFixed(0)} KB ZIP; ${RUNS} runs`;
  return [
    { name: 'GET /api/export.php whole ZIP p50 (ms)', value: pct(times, 50).toFixed(1), goal: '', note },
    { name: 'GET /api/export.php whole ZIP p95 (ms)', value: pct(times, 95).toFixed(1), goal: '', note: 'sequential, after one warm-up' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { prepareDatabase, startWrangler } = await import('../../scripts/lib.mjs');
  const { existsSync, rmSync } = await import('node:fs');
  const port = Number(process.argv[2] ?? process.env.BENCH_PORT ?? 8912);
  const persistTo = '.wrangler/bench-export';
  if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabase(persistTo);
  }
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await exportBench(`http://127.0.0.1:${port}`, persistTo))
      console.log(`| ${r.name.padEnd(40)} | ${r.value.padStart(7)} | ${r.goal.padEnd(5)} | ${r.note} |`);
  } catch (error) {
    console.error(site.log().slice(-3000));
    throw error;
  } finally {
    site.stop();
  }
}
