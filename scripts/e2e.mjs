// npm run test:e2e — Playwright in Debian's Chromium against `wrangler dev` with a fresh local D1.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { bin, ensureBuild, ensurePortFree, prepareDatabase, startWrangler } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium with apt-get …");
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const ok = process.getuid?.() === 0 && apt(['update', '-qq']).status === 0 && apt(['install', '-y', '-qq', 'chromium']).status === 0;
  if (!ok || !existsSync(CHROMIUM)) {
    console.error(
      '\n✗ The e2e tests need Chromium at /usr/bin/chromium and it could not be installed.\n' +
        '  Install it as root:  apt-get update && apt-get install -y chromium\n' +
        '  (or set CHROMIUM_PATH to a Chromium binary), then run npm test again.\n',
    );
    process.exit(1);
  }
}

const port = process.env.E2E_PORT ?? '8788';
// before the build and the seed: a busy port fails at once, with the way out (E2E_PORT)
await ensurePortFree(port, 'E2E_PORT');
ensureChromium();
ensureBuild(process.argv.includes('--build'));
const persistTo = '.wrangler/e2e';
rmSync(persistTo, { recursive: true, force: true });
// the console specs' own admins (scripts/dev-operator.ts): a TOTP code is good once per operator
const seedEnv = { SEED_E2E_OPERATORS: '1' };
// seeded twice in one run: the seed is idempotent (the second run adds nothing, else it fails)
prepareDatabase(persistTo, seedEnv, ['--twice']);

// stopped on every exit, signal and uncaught error of this script (scripts/lib.mjs started)
const server = await startWrangler({ port, persistTo });
// Playwright asynchronously, so a signal to this script is handled at once (a spawnSync would hold it until the tests end);
// it shares this script's process group, so a Ctrl-C reaches it too
const playwright = spawn(bin('playwright'), ['test', ...process.argv.slice(2).filter((a) => a !== '--build')], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: port },
});
process.on('exit', () => playwright.exitCode === null && playwright.kill('SIGTERM'));
const status = await new Promise((resolve) => playwright.on('close', (code) => resolve(code ?? 1)));
// the server's own output (its errors and stack traces) for a failed run: E2E_SERVER_LOG=file
if (process.env.E2E_SERVER_LOG) writeFileSync(process.env.E2E_SERVER_LOG, server.log());
server.stop();
process.exit(status);
