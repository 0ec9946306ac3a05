// The weekly digest over the seeded pool (scripts/seed-bench.ts: 100,000 members in `npm run bench`):
// the job as the Cron Triggers run it (POST /dev/jobs/weekly-digest starts the week's run and works
// up to its time budget, POST /dev/jobs/weekly-digest-continue is the 5-minute trigger's share),
// called until the run is done. `npm run bench` calls digestBench; by itself
// (`node tests/bench/digest.mjs [port] [members]`, port 8821-8829, default 8822; members default
// 100000) it seeds its own database (.wrangler/bench-digest; BENCH_RESEED=0 keeps one made before), starts wrangler dev and prints the rows.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The seeded members joined up to 2026-11-01 (scripts/demo-data.ts): the digest runs as of the
 * Monday after, so the week's new members are the seeded ones of the 7 days before.
 */
const AS_OF = '2026-11-02T08:00:00.000Z';

async function job(base, name) {
  const t = performance.now();
  const res = await fetch(`${base}/dev/jobs/${name}?now=${AS_OF}`, { method: 'POST' });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`job ${name} answered ${res.status} ${JSON.stringify(body)}`);
  return { ...body.result, ms: performance.now() - t };
}

/** Runs one week's digest to the end; returns rows of the bench table. */
export async function digestBench(base, members) {
  const slices = [await job(base, 'weekly-digest')];
  while (!slices.at(-1).done) slices.push(await job(base, 'weekly-digest-continue'));
  const total = slices.reduce((n, s) => n + s.ms, 0);
  const sent = slices.at(-1).sent;
  if (!sent) throw new Error('the digest mailed nobody: the seeded pool should have new members this week');
  return [
    {
      name: `weekly digest run, ${members.toLocaleString('en')} members (s)`,
      value: (total / 1000).toFixed(1),
      goal: '',
      note: `${sent.toLocaleString('en')} mails queued in ${slices.length} trigger runs of ≤ 20 s each; pages of 500 members, batches of 200 statements`,
    },
    {
      name: 'weekly digest, per 1,000 mails queued (ms)',
      value: (total / (sent / 1000)).toFixed(0),
      goal: '',
      note: 'render, sign the unsubscribe link, outbox row with its once-a-week record',
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { bin, prepareDatabase, run, startWrangler } = await import('../../scripts/lib.mjs');
  const port = Number(process.argv[2] ?? 8822);
  const members = Number(process.argv[3] ?? 100_000);
  const persistTo = '.wrangler/bench-digest';
  if (!existsSync('web/dist')) mkdirSync('web/dist', { recursive: true }); // the jobs need no built app
  if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabase(persistTo);
    run(bin('tsx'), ['scripts/seed-bench.ts', persistTo, String(members)]);
  } else {
    // a database kept from before: that week's digest is sent again from the start
    const sql =
      "DELETE FROM digest_runs; DELETE FROM notification_sends WHERE kind = 'weekly_update'; DELETE FROM mail_outbox WHERE kind = 'weekly_update'";
    run(bin('wrangler'), ['d1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--command', sql]);
  }
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await digestBench(`http://127.0.0.1:${port}`, members))
      console.log(`| ${r.name.padEnd(44)} | ${r.value.padStart(7)} | ${r.goal.padEnd(4)} | ${r.note} |`);
  } finally {
    site.stop();
  }
}
