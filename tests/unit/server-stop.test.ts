import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * scripts/lib.mjs `started` (the server helper of `npm run test:e2e`, `npm run bench`): a script
 * that started a server stops it however the script ends. The stand-in server runs in its own
 * process group as wrangler dev does, so nothing but the helper's handlers can end it.
 */
const LIB = join(import.meta.dirname, '../../scripts/lib.mjs');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

/** A script as e2e.mjs is: it starts a server by the helper, says so, then ends as `end` says (or waits to be killed). */
function parent(port: number, end: 'wait' | 'exit' | 'throw') {
  const server = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  const code = `
    import { spawn } from 'node:child_process';
    import { started } from ${JSON.stringify(LIB)};
    await started(spawn(process.execPath, ['-e', ${JSON.stringify(server)}], { detached: true, stdio: 'ignore' }), ${port}, 'stand-in');
    console.log('ready');
    if (${JSON.stringify(end)} === 'exit') process.exit(0);
    if (${JSON.stringify(end)} === 'throw') setTimeout(() => { throw new Error('boom'); }, 0);
    else setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`parent ended before the server was up (${code})`)));
  });
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, ended };
}

/** The port free again: polled, as the server's process group takes a moment to end. */
async function freed(port: number) {
  await expect.poll(() => listening(port), { timeout: 10_000 }).toBe(false);
}

describe('a script that started a server stops it', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`when killed with ${signal}`, async () => {
      const port = await freePort();
      const { child, ready, ended } = parent(port, 'wait');
      ready.catch(() => undefined);
      await ready;
      expect(await listening(port)).toBe(true);
      child.kill(signal);
      expect(await ended).toBe(128 + { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal]);
      await freed(port);
    });
  }

  it('when it exits by itself', async () => {
    const port = await freePort();
    const { ready, ended } = parent(port, 'exit');
    await ready;
    expect(await ended).toBe(0);
    await freed(port);
  });

  it('when an error is not caught', async () => {
    const port = await freePort();
    const { ready, ended } = parent(port, 'throw');
    await ready;
    expect(await ended).toBe(1);
    await freed(port);
  });
});
