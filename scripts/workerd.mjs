// The site's worker on local workerd without wrangler dev's proxy (README, "The bench on local workerd"):
//   node scripts/workerd.mjs --config wrangler.toml --port 8950 [--persist-to .wrangler/bench]
// `wrangler dev` runs two workerd processes: a proxy worker on the port you asked for, which
// forwards every request over loopback HTTP to the user worker's own workerd (wrangler 4's
// DevEnv: ProxyController in front of the LocalRuntimeController's Miniflare). Deployed, no such
// hop exists. This runs the user worker alone: wrangler bundles it exactly as for a deployment
// (`wrangler deploy --dry-run --outdir`), wrangler turns the same wrangler.toml and .dev.vars into
// Miniflare's options (`unstable_getMiniflareWorkerOptions`: D1, R2, the Durable Object, assets
// with run_worker_first, Images, vars), and Miniflare serves it on the port with wrangler dev's
// persistence layout (`<persist-to>/v3`), so both read and write the same local data.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, matchesGlob, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { bin, run } from './lib.mjs';

const { values } = parseArgs({
  options: {
    config: { type: 'string', default: 'wrangler.toml' },
    port: { type: 'string' },
    'persist-to': { type: 'string' },
    // log each statement's SQL once (worker/lib/db.ts tracedD1): the scale bench's query plans
    'sql-trace': { type: 'boolean', default: false },
  },
});
const config = resolve(values.config);
const outdir = resolve(`.wrangler/workerd/${values.port}`);
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
run(bin('wrangler'), ['deploy', '--dry-run', '--outdir', outdir, '--config', config], { stdio: ['ignore', 'ignore', 'inherit'] });

const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
// wrangler dev's worker name: Durable Objects keep their storage under it (v3/do/<name>-<class>)
const { name, main } = unstable_readConfig({ config });
// the bundle is named after the entry module (worker/index.ts: index.js)
const entry = `${basename(main).replace(/\.[cm]?[jt]sx?$/, '')}.js`;
// The bundle's modules, the entry first: Miniflare 5 no longer finds the others by wrangler's
// module rules (modulesRules), so each file of the bundle (the cities list is a Text module) is
// listed with the type of the first rule it matches, as wrangler dev lists its bundle's modules.
const { modulesRules, ...options } = workerOptions;
if (values['sql-trace']) options.bindings = { ...options.bindings, SQL_TRACE: '1' };
const rules = [...modulesRules, { type: 'ESModule', include: ['**/*.js', '**/*.mjs'] }, { type: 'CommonJS', include: ['**/*.cjs'] }];
const modules = [{ type: 'ESModule', path: `${outdir}/${entry}` }];
for (const file of readdirSync(outdir, { recursive: true })) {
  const type = rules.find((r) => r.include.some((glob) => matchesGlob(file, glob)))?.type;
  if (type && file !== entry) modules.push({ type, path: `${outdir}/${file}` });
}
// wrangler still hands out Miniflare 4's options: Miniflare 5 takes them through its converter
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: Number(values.port),
    resourcePersistencePath: values['persist-to'] ? resolve(values['persist-to'], 'v3') : undefined,
    workers: [{ ...options, name, modules, modulesRoot: outdir, rootPath: dirname(config) }],
  }),
);
const url = await mf.ready;
console.log(`workerd ready on ${url}`);
const stop = () => mf.dispose().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
