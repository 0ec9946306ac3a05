import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const bin = (name) => `node_modules/.bin/${name}`;
/** wrangler must not reach the internet (there is none) nor ask questions. */
export const wranglerEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: process.env.CI ?? 'true',
  // Vite 8's notice about its future config loader: our configs import TypeScript without extensions on purpose
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};

/** `cmd` with its output shown; ends this process when it fails. `quiet`: without the `$ cmd` line first. */
export function run(cmd, args, { quiet = false, ...opts } = {}) {
  if (!quiet) console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: wranglerEnv, ...opts });
  if (r.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
}

/**
 * Several jobs side by side (each job one command, or a list run in turn), their output kept and
 * printed job by job when all have ended; exits like `run` when one failed. For checks that do not
 * depend on each other (the typecheck, the linter, the build): two cores finish them in about half
 * the time.
 */
export async function runAll(jobs) {
  const one = (cmd, args) =>
    new Promise((resolve) => {
      const child = spawn(cmd, args, { env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = `\n$ ${cmd} ${args.join(' ')}\n`;
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (status, signal) => resolve({ cmd: `${cmd} ${args.join(' ')}`, status: status ?? signal, out }));
    });
  const results = await Promise.all(
    jobs.map(async (job) => {
      const steps = Array.isArray(job[0]) ? job : [job];
      const done = [];
      for (const [cmd, args] of steps) {
        const r = await one(cmd, args);
        done.push(r);
        if (r.status !== 0) break;
      }
      return done;
    }),
  );
  for (const r of results.flat()) process.stdout.write(r.out);
  const failed = results.flat().find((r) => r.status !== 0);
  if (failed) {
    console.error(`\n✗ ${failed.cmd} failed (exit ${failed.status})`);
    process.exit(typeof failed.status === 'number' && failed.status > 0 ? failed.status : 1);
  }
}

/**
 * The tenant files' check (the worker bundles them unparsed: a bad file must stop here), then the four builds: the
 * member app and its /members render for the worker, then the landers' own build and the operator console (the
 * member app's build empties web/dist).
 */
export const buildSteps = ({ quiet = false } = {}) =>
  [
    [bin('tsx'), ['scripts/tenants-check.ts']],
    [bin('vite'), ['build', '--config', 'web/vite.config.ts']],
    // a member's /members rendered by the worker (web/members-ssr.tsx → web/dist-ssr, wrangler.toml [alias])
    [bin('vite'), ['build', '--config', 'web/ssr.vite.config.ts']],
    [bin('vite'), ['build', '--config', 'web/lander/vite.config.ts']],
    [bin('vite'), ['build', '--config', 'web/operator/vite.config.ts']],
  ].map(([cmd, args]) => [cmd, quiet && args[0] === 'build' ? [...args, '--logLevel', 'warn'] : args]);

/** The web build when asked (`force`) or missing; `quiet`: warnings only, one line per build (npm start). */
export const ensureBuild = (force = false, { quiet = false } = {}) => {
  if (
    force ||
    !existsSync('web/dist/index.html') ||
    !existsSync('web/dist-ssr/members-ssr.js') ||
    !existsSync('web/dist/lander.html') ||
    !existsSync('web/dist/operator/index.html')
  ) {
    for (const [cmd, args] of buildSteps({ quiet })) {
      const started = Date.now();
      run(cmd, args, { quiet });
      if (quiet) console.log(`build: ${args[2] ?? args[0]} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
};

/** Applies migrations to a local D1 (persist dir optional) and seeds demo data. */
export function prepareDatabase(persistTo, seedEnv = {}, seedArgs = []) {
  const pepper = ensureDevVars();
  // the seed applies the migrations itself (wrangler's d1_migrations table), in the same process
  run(bin('tsx'), ['scripts/seed.ts', '--migrate', ...seedArgs, ...(persistTo ? [persistTo] : [])], {
    env: { ...wranglerEnv, ...seedEnv, PASSWORD_PEPPER: pepper },
  });
}

/** Whether nothing listens on 127.0.0.1:`port` (a listen there succeeds). */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port: Number(port), host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * Ends this process with a clear word when `port` is taken (another checkout's `npm start` or e2e,
 * say): a server started on a busy port never answers, and a check that waits for "the port answers"
 * would talk to the other one. `variable` names the setting that picks another port.
 */
export async function ensurePortFree(port, variable) {
  if (await portIsFree(port)) return;
  const other = Number(port) + 10;
  const ways = { PORT: 'npm start', E2E_PORT: 'npm test', BENCH_PORT: 'npm run bench' };
  const way = variable
    ? `${variable}=${other} ${ways[variable] ?? ''}`.trim()
    : Object.entries(ways)
        .map(([v, cmd]) => `${v}=${other} ${cmd}`)
        .join(', or ');
  console.error(
    `\n✗ Port ${port} is in use (another \`npm start\`, \`npm test\` or \`wrangler dev\`, perhaps of another checkout).\n` +
      `  Stop it, or pick another port: ${way}\n`,
  );
  process.exit(1);
}

/** Starts `wrangler dev` (by its own binary so killing it stops workerd too) and waits until it answers. */
export async function startWrangler({ port, config = 'wrangler.toml', persistTo, quiet = true, portVariable }) {
  await ensurePortFree(port, portVariable);
  const args = ['dev', '--config', config, '--port', String(port), '--ip', '127.0.0.1', '--inspector-port', '0'];
  if (persistTo) args.push('--persist-to', persistTo);
  return started(
    spawn(bin('wrangler'), args, { env: wranglerEnv, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true }),
    port,
    'wrangler dev',
  );
}

/** The stop() of every server this process started and has not stopped yet. */
const running = new Set();
const SIGNALS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 };
let stopsOnExit = false;
/**
 * However this process ends (its own exit, Ctrl-C, a kill, a closed terminal, an uncaught error),
 * the servers it started end with it: they run in their own process group (so stop() also ends
 * workerd), which a signal to this process alone does not reach. SIGKILL cannot be caught.
 */
function stopServersOnExit() {
  if (stopsOnExit) return;
  stopsOnExit = true;
  const stopAll = () => {
    for (const stop of running) stop();
  };
  process.on('exit', stopAll);
  for (const [signal, number] of Object.entries(SIGNALS))
    process.on(signal, () => {
      stopAll();
      process.exit(128 + number);
    });
  process.on('uncaughtException', (error) => {
    stopAll();
    console.error(error);
    process.exit(1);
  });
  process.on('unhandledRejection', (error) => {
    stopAll();
    console.error(error);
    process.exit(1);
  });
}

/**
 * A server process in its own process group (stop() ends it and its workerd), once its port
 * answers; stopped when this process ends, however it ends (stopServersOnExit).
 */
export async function started(child, port, what) {
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  stopServersOnExit();
  const stop = () => {
    running.delete(stop);
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  running.add(stop);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
      if (res.status > 0) return { stop, log: () => log };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stop();
  throw new Error(`${what} did not start on port ${port}:\n${log}`);
}

/**
 * Starts the worker of a wrangler config on local workerd without wrangler dev's proxy
 * (scripts/workerd.mjs: wrangler's bundle and bindings, Miniflare on the port, the same persisted
 * data as `wrangler dev --persist-to`) and waits until it answers. Same answer as startWrangler.
 */
export async function startWorkerd({ port, config = 'wrangler.toml', persistTo, portVariable, sqlTrace = false }) {
  await ensurePortFree(port, portVariable);
  const args = ['scripts/workerd.mjs', '--config', config, '--port', String(port)];
  if (persistTo) args.push('--persist-to', persistTo);
  if (sqlTrace) args.push('--sql-trace');
  return started(spawn(process.execPath, args, { env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true }), port, 'workerd');
}

/**
 * Local secrets for wrangler dev: .dev.vars (never committed) gets a random password pepper
 * and VAPID key pair the first time, and the development environment with the sim payment provider. Returns the pepper, which the seed needs to hash the demo passwords.
 */
export function ensureDevVars() {
  const file = '.dev.vars';
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let text = current;
  if (!/^ENVIRONMENT=/m.test(text)) text += `${text && !text.endsWith('\n') ? '\n' : ''}ENVIRONMENT=development\n`;
  // payments go to the sim provider (its checkout at /dev/psp), whatever the companies use when deployed
  if (!/^PAYMENT_PROVIDER=/m.test(text)) text += `${text && !text.endsWith('\n') ? '\n' : ''}PAYMENT_PROVIDER=sim\n`;
  for (const name of ['PASSWORD_PEPPER']) {
    if (!new RegExp(`^${name}=`, 'm').test(text))
      text += `${text && !text.endsWith('\n') ? '\n' : ''}${name}=${randomBytes(32).toString('base64url')}\n`;
  }
  // Web Push: a VAPID key pair of this machine; its public half overrides wrangler.toml's (the deployed pair's)
  if (!/^VAPID_PRIVATE_KEY=/m.test(text)) {
    const keys = vapidKeyPair();
    text = text.replace(/^VAPID_PUBLIC_KEY=.*\n?/m, '');
    text += `${text && !text.endsWith('\n') ? '\n' : ''}VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`;
  }
  if (text !== current) writeFileSync(file, text);
  return /^PASSWORD_PEPPER=(.+)$/m.exec(text)[1].trim();
}

/**
 * A P-256 key pair for VAPID (RFC 8292), base64url: the public key as the browser's
 * applicationServerKey wants it (the uncompressed point, 65 bytes), the private key as the JWK `d`.
 * `node scripts/vapid-keys.mjs` prints one for a deployment.
 */
export function vapidKeyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const pub = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(pub.x, 'base64url'), Buffer.from(pub.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: privateKey.export({ format: 'jwk' }).d };
}
