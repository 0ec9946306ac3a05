// What the operator console's benches share (tests/bench/moderation.mjs, tests/bench/console.mjs):
// a seeded operator's session (scripts/seed-bench.ts gives the bench operators known tokens, as a
// login with password and TOTP would leave them), GETs on the operator host, sequential timings
// with a warm-up and the percentiles (running one bench by itself: tests/bench/standalone.mjs).
import { request } from 'node:http';

export const RUNS = 100;
export const pct = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
export const ms = (times, p) => pct(times, p).toFixed(1);
export const verdict = (times, goal) => (pct(times, 95) <= goal ? 'met' : 'NOT met');

/** The cookie of a seeded bench operator (scripts/seed-bench.ts benchToken(id) in operator_sessions). */
export const operatorCookie = (id) => `osid=${`bench${id}`.padEnd(43, 'x')}`;

/**
 * A GET on the operator host: to 127.0.0.1 with the operator host's Host header (Node cannot
 * resolve *.localhost), with the operator's cookie. Answers status and body text.
 */
export function operatorGet(port, path, cookie) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `operator.localhost:${port}`, cookie } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body of a GET that must answer 200. */
export async function operatorOk(port, path, cookie) {
  const { status, text } = await operatorGet(port, path, cookie);
  if (status !== 200) throw new Error(`${path} answered ${status} ${text.slice(0, 300)}`);
  return text;
}

/** Sequential timings of one path (after 5 warm-up calls). */
export async function timed(port, path, cookie) {
  const times = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    await operatorOk(port, path, cookie);
    if (i >= 5) times.push(performance.now() - t);
  }
  return times;
}
