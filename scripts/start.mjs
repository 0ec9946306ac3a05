// npm start: migrations and demo data on the local D1, the web build, then wrangler dev on PORT (8787 unless set),
// so two checkouts can run side by side (`PORT=8797 npm start`). `npm run dev`: the same without the build.
// Each step says what it did once; the address and the logins come last, when the site answers.
import { spawn } from 'node:child_process';
import { bin, ensureBuild, ensurePortFree, prepareDatabase, run, wranglerEnv } from './lib.mjs';

const port = process.env.PORT ?? '8787';
if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
  console.error(`✗ PORT must be a port number (1–65535), not "${port}"`);
  process.exit(1);
}
await ensurePortFree(port, 'PORT');
prepareDatabase();
if (!process.argv.includes('--no-build')) ensureBuild(true, { quiet: true });

// wrangler dev's banner and bindings table are kept back until it answers (shown only if it fails to start);
// after that its output (the request log) goes straight through
console.log('\nwrangler dev: starting …');
const child = spawn(bin('wrangler'), ['dev', '--port', port, '--test-scheduled'], { stdio: ['inherit', 'pipe', 'pipe'], env: wranglerEnv });
let held = '';
let ready = false;
const hold = (stream) => (chunk) => (ready ? stream.write(chunk) : (held += chunk));
child.stdout.on('data', hold(process.stdout));
child.stderr.on('data', hold(process.stderr));
child.on('exit', (code) => {
  if (!ready) process.stderr.write(held);
  process.exit(code ?? 0);
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));

const deadline = Date.now() + 120_000;
while (!ready && Date.now() < deadline) {
  try {
    // one probe at a time, however slow the first answer (5 s on a busy machine): probes given up on were
    // answered later all the same, and wrangler's log lines of them came after the logins
    const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(60_000) });
    await res.arrayBuffer();
    // wrangler logs the request just after answering it: that line is held with the banner, not printed last
    const logged = Date.now() + 2000;
    while (!/GET \/ \d{3}/.test(held) && Date.now() < logged) await new Promise((r) => setTimeout(r, 50));
    ready = res.status > 0;
  } catch {
    await new Promise((r) => setTimeout(r, 300));
  }
}
if (!ready) {
  process.stderr.write(held);
  console.error(`\n✗ wrangler dev did not answer on port ${port} within 2 minutes (its output above)`);
  child.kill('SIGTERM');
  process.exit(1);
}
// wrangler's warnings are worth one look: shown once, the banner and bindings table are not; known ones are left
// out (scheduled jobs do not run by themselves locally: the README's "Demo data" says how to run one)
const KNOWN = [/Scheduled Workers are not automatically triggered/];
const warnings = held.split('\n').filter((line) => /▲|\[WARNING\]|✘|\[ERROR\]/.test(line) && !KNOWN.some((k) => k.test(line)));
if (warnings.length) console.log(warnings.join('\n'));
run(bin('tsx'), ['scripts/logins.ts', port], { quiet: true });
