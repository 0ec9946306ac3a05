// npm run startup [-- --runs 7] [--top 15] — the worker's start-up CPU time, measured repeatably:
// runs `wrangler check startup` (a CPU profile of the bundle's start-up on local workerd) N times (at least 5)
// and prints each run's active CPU, their median and max, and the load average beside each run (the machine is
// shared: figures taken under load are not comparable). --top N also lists the bundle's functions that took the
// most self time at start-up, summed over the runs (what to move out of module load next).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { bin, wranglerEnv } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = Math.max(5, arg('runs', 5));
const top = arg('top', 0);
const GOAL_MS = 100;

/** Self time (ms) per function of a V8 cpuprofile, keyed "name file:line". */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() || ''}:${lineNumber + 1}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

const dir = mkdtempSync(join(tmpdir(), 'startup-'));
const figures = [];
const self = new Map();
for (let i = 1; i <= runs; i++) {
  const load = loadavg()[0];
  const outfile = join(dir, `run-${i}.cpuprofile`);
  const r = spawnSync(bin('wrangler'), ['check', 'startup', '--outfile', outfile], { env: wranglerEnv, encoding: 'utf8' });
  const text = `${r.stdout}\n${r.stderr}`;
  const active = text.match(/Active: ([\d.]+) ms(?: \(including ([\d.]+) ms garbage collection\))?/);
  if (r.status !== 0 || !active) {
    console.error(text);
    console.error(`✗ wrangler check startup failed (exit ${r.status})`);
    process.exit(1);
  }
  const bundle = text.match(/Bundle: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/);
  figures.push({ ms: Number(active[1]), gc: Number(active[2] ?? 0), load });
  console.log(
    `run ${i}: ${active[1]} ms active (${active[2] ?? 0} ms GC), load ${load.toFixed(2)}${bundle ? `, bundle ${bundle[1]} / gzip ${bundle[2]}` : ''}`,
  );
  if (top) for (const [k, v] of selfTimes(JSON.parse(readFileSync(outfile, 'utf8')))) self.set(k, (self.get(k) ?? 0) + v);
}
rmSync(dir, { recursive: true, force: true });

const sorted = figures.map((f) => f.ms).sort((a, b) => a - b);
const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
const max = sorted.at(-1);
const loads = figures.map((f) => f.load);
console.log(
  `\nstart-up CPU over ${runs} runs: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms (goal < ${GOAL_MS} ms); ` +
    `load average ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} on ${process.platform}`,
);
if (top) {
  console.log(`\nself time at start-up, summed over the runs (ms):`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)}  ${k}`);
}
