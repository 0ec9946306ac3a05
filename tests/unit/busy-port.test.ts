import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * A busy port (another checkout's `npm start` or e2e run) stops `npm run test:e2e` and `npm start`
 * at once, naming the port and the setting that picks another, before any build or seed: the
 * server they start could not listen there, and their "the port answers" wait would talk to the
 * other server instead.
 */
const ROOT = join(import.meta.dirname, '../..');

let holder: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve())));

/** A port taken by a stand-in server on 127.0.0.1 (as wrangler dev listens). */
const takenPort = () =>
  new Promise<number>((resolve) => {
    holder = createServer().listen(0, '127.0.0.1', () => resolve((holder!.address() as { port: number }).port));
  });

/** A script of the project run with `env` added: its exit status and what it printed. */
function runScript(script: string, env: Record<string, string>) {
  return new Promise<{ status: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (status) => resolve({ status, out }));
  });
}

describe('a busy port', () => {
  it('stops the e2e run at once, with the port and E2E_PORT named', async () => {
    const port = await takenPort();
    const { status, out } = await runScript('scripts/e2e.mjs', { E2E_PORT: String(port) });
    expect(status).toBe(1);
    expect(out).toContain(`Port ${port} is in use`);
    expect(out).toContain(`E2E_PORT=${port + 10} npm test`);
    // nothing else ran: no build, no seed, no Playwright
    expect(out).not.toMatch(/seed|vite|Running \d+ tests/);
  });

  it('stops npm start at once, with PORT named', async () => {
    const port = await takenPort();
    const { status, out } = await runScript('scripts/start.mjs', { PORT: String(port) });
    expect(status).toBe(1);
    expect(out).toContain(`Port ${port} is in use`);
    expect(out).toContain(`PORT=${port + 10} npm start`);
    expect(out).not.toMatch(/seed|migrations|vite/);
  });
});
