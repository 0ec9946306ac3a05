// One bench module by itself (`node tests/bench/<name>.mjs [port]`): seeds its own database (unless
// BENCH_RESEED=0 and it exists), starts wrangler dev on the port (the argument, else BENCH_PORT, else
// the module's default) and prints the module's rows. Shared by likes.mjs and the operator benches.
import { existsSync, mkdirSync, rmSync } from 'node:fs';

/**
 * `bench(port)` answers the rows; `members` is how many generated members the seed makes
 * (scripts/seed-bench.ts); `width` pads the names column.
 */
export async function runAlone({ persistTo, defaultPort, bench, width, members = 20_000 }) {
  const { bin, prepareDatabase, run, startWrangler } = await import('../../scripts/lib.mjs');
  const port = Number(process.argv[2] ?? process.env.BENCH_PORT ?? defaultPort);
  if (!existsSync('web/dist')) mkdirSync('web/dist', { recursive: true }); // the API needs no built app
  if (process.env.BENCH_RESEED !== '0' || !existsSync(persistTo)) {
    rmSync(persistTo, { recursive: true, force: true });
    prepareDatabase(persistTo);
    run(bin('tsx'), ['scripts/seed-bench.ts', persistTo, String(members)]);
  }
  const site = await startWrangler({ port, persistTo });
  try {
    for (const r of await bench(port))
      console.log(`| ${r.name.padEnd(width)} | ${r.value.padStart(6)} | ${r.goal.padEnd(5)} | ${r.note} |`);
  } finally {
    site.stop();
  }
}
