// npm run deploy -- --env staging|production [--dry-run] [--no-build] [--check-origin URL] [--check-tries N]
//
// Puts every site of tenants/ live in one environment: checks the tenant files, generates the
// environment's wrangler configuration (.wrangler/deploy/<env>/wrangler.json), refuses when a
// secret is missing, builds, creates missing D1 databases, R2 buckets and queues by name, applies the D1
// migrations, deploys (a Worker Custom Domain per site host and operator host), removes Custom
// Domains the configuration no longer has, subscribes the mail-events queue to Email Sending, and
// checks that every domain answers as its own site. --dry-run does what needs no account and
// prints the plan. See README.md "Decisions" (deploy).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { checkTenantDir } from './lib/tenant-files';
import { CloudflareApi, DEFAULT_API_BASE } from './deploy/cloudflare';
import {
  DEPLOY_ENVIRONMENTS,
  MAIL_EVENTS,
  describeMissingSecrets,
  generateConfig,
  generatedConfigPath,
  missingSecrets,
  readBaseConfig,
  type DeployConfig,
  type DeployEnvironment,
  type DomainPlan,
} from './deploy/config';
import { companiesFile, tenantFiles } from '../tenants';
import { buildRegistry } from '../tenants/registry';

const root = path.resolve(import.meta.dirname, '..');
const USAGE =
  'usage: npm run deploy -- --env staging|production [--dry-run] [--no-build] [--check-origin http://127.0.0.1:PORT] [--check-tries N]';

class DeployError extends Error {}
const fail = (message: string): never => {
  throw new DeployError(message);
};

type Options = { env: DeployEnvironment; dryRun: boolean; build: boolean; checkOrigin: string | null; checkTries: number };

export function parseArgs(argv: string[]): Options {
  let env: string | undefined;
  let dryRun = false;
  let build = true;
  let checkOrigin: string | null = process.env.DEPLOY_CHECK_ORIGIN || null;
  let checkTries = 10;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s) as [string, string | undefined];
    const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value\n${USAGE}`);
    if (flag === '--env') env = value();
    else if (flag === '--dry-run') dryRun = true;
    else if (flag === '--no-build') build = false;
    else if (flag === '--check-origin') checkOrigin = value();
    else if (flag === '--check-tries') checkTries = Number(value());
    else fail(`unknown argument ${argv[i]}\n${USAGE}`);
  }
  if (!env) fail(`--env is required\n${USAGE}`);
  if (!DEPLOY_ENVIRONMENTS.includes(env as DeployEnvironment))
    fail(`--env must be ${DEPLOY_ENVIRONMENTS.join(' or ')}, not "${env}"\n${USAGE}`);
  if (!Number.isInteger(checkTries) || checkTries < 1) fail(`--check-tries must be a whole number of at least 1\n${USAGE}`);
  if (checkOrigin && !/^https?:\/\/[^/]+$/.test(checkOrigin))
    fail(`--check-origin must be an origin like http://127.0.0.1:8787, not "${checkOrigin}"`);
  return { env: env as DeployEnvironment, dryRun, build, checkOrigin, checkTries };
}

const step = (text: string) => console.log(`\n▶ ${text}`);

/** wrangler and the build, with node_modules/.bin first (its node too) and never a question asked. */
const childEnv = () => ({
  ...process.env,
  PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  CI: process.env.CI ?? 'true',
});

/** Runs a command, its output passed on as it comes (piped: wrangler takes its non-interactive path). */
function run(cmd: string, args: string[]) {
  console.log(`$ ${[cmd, ...args].join(' ')}`);
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => process.stdout.write(d));
    child.stderr.on('data', (d: Buffer) => process.stderr.write(d));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new DeployError(`${cmd} ${args.join(' ')} failed (exit ${code ?? signal})`)),
    );
  });
}
const wrangler = (args: string[]) => run(path.join(root, 'node_modules/.bin/wrangler'), args);

/** The migration files of a D1 database (what `wrangler d1 migrations apply` applies when not yet applied). */
const migrationFiles = (dir: string) =>
  readdirSync(path.resolve(root, dir))
    .filter((f) => f.endsWith('.sql'))
    .sort();

function printPlan(g: DeployConfig, configFile: string) {
  const width = Math.max(...g.domains.map((d) => d.host.length));
  console.log(`\nPlan for ${g.env}: worker ${g.workerName}, configuration ${path.relative(root, configFile)}`);
  console.log(`\nCustom Domains (${g.domains.length}):`);
  for (const d of g.domains) console.log(`  ${d.host.padEnd(width)}  ${d.operator ? 'operator console' : d.slug}`);
  const s = g.section as Record<string, unknown>;
  console.log(
    `\nVariables: ${Object.entries(s.vars as Record<string, string>)
      .map(([k, v]) => `${k}=${k === 'VAPID_PUBLIC_KEY' ? `${v.slice(0, 12)}…` : v}`)
      .join(', ')}`,
  );
  console.log('\nBindings:');
  for (const db of g.resources.d1) console.log(`  ${db.binding}: D1 ${db.name}`);
  for (const b of g.resources.r2) console.log(`  ${b.binding}: R2 ${b.name}`);
  const queues = s.queues as
    { producers?: { binding: string; queue: string }[]; consumers?: { queue: string; dead_letter_queue?: string }[] } | undefined;
  for (const p of queues?.producers ?? []) console.log(`  ${p.binding}: queue ${p.queue} (producer)`);
  for (const c of queues?.consumers ?? [])
    console.log(`  consumer of queue ${c.queue}${c.dead_letter_queue ? ` (dead letters to ${c.dead_letter_queue})` : ''}`);
  for (const d of (s.durable_objects as { bindings?: { name: string; class_name: string }[] } | undefined)?.bindings ?? [])
    console.log(`  ${d.name}: Durable Object ${d.class_name}`);
  for (const e of (s.send_email as { name: string }[] | undefined) ?? []) console.log(`  ${e.name}: send email`);
  if (s.images) console.log(`  ${(s.images as { binding: string }).binding}: Images`);
  if (s.assets) console.log(`  ${(s.assets as { binding: string }).binding}: static assets`);
  console.log(`  crons: ${((s.triggers as { crons?: string[] } | undefined)?.crons ?? []).join(', ')}`);
  console.log('\nSecrets it needs (wrangler secret put NAME --env ' + g.env + ` --config ${generatedConfigPath(g.env)}):`);
  for (const r of g.secrets) console.log(`  ${r.name}: ${r.why}`);
  console.log('\nD1 migrations (each applied once; the database knows which it has):');
  for (const db of g.resources.d1)
    console.log(`  ${db.binding} (${db.name}): ${migrationFiles(path.resolve(path.dirname(configFile), db.migrations_dir)).join(', ')}`);
  console.log('\nResources created when missing (looked up by name at deploy time):');
  for (const db of g.resources.d1) console.log(`  D1 database ${db.name}`);
  for (const b of g.resources.r2) console.log(`  R2 bucket ${b.name}`);
  for (const q of g.resources.queues) console.log(`  queue ${q}`);
  if (g.mailEvents)
    console.log(
      `\nEmail Sending events (${MAIL_EVENTS.join(', ')}) of ${g.mailEvents.domains.length} sending domains to queue ${g.mailEvents.queue}, subscribed when missing:\n  ${g.mailEvents.domains.join(', ')}`,
    );
}

/** GET a path of a domain: straight to it, or to --check-origin with the domain as the Host header. */
function get(host: string, pathname: string, origin: string | null) {
  const target = new URL(origin ?? `https://${host}`);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        path: pathname,
        method: 'GET',
        headers: { host, accept: 'application/json' },
        servername: origin ? undefined : host,
        timeout: 15_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 15 s')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * A site's host answers GET /api/settings.php with its own site's settings (the slug); an operator
 * host answers the console's API (GET /api/operator/me.php: 403 authentication_required). Null
 * when right, else what was wrong.
 */
async function checkDomain(d: DomainPlan, origin: string | null): Promise<string | null> {
  try {
    if (d.operator) {
      const res = await get(d.host, '/api/operator/me.php', origin);
      const body = res.type.includes('json') ? (JSON.parse(res.body) as { error?: string }) : null;
      return res.status === 403 && body?.error === 'authentication_required'
        ? null
        : `the operator console's API did not answer (HTTP ${res.status} ${res.body.slice(0, 120)})`;
    }
    const res = await get(d.host, '/api/settings.php', origin);
    if (res.status !== 200 || !res.type.includes('json')) return `HTTP ${res.status} ${res.type}: ${res.body.slice(0, 120)}`;
    const slug = (JSON.parse(res.body) as { slug?: unknown }).slug;
    return slug === d.slug ? null : `answers as site ${JSON.stringify(slug)}, not ${d.slug}`;
  } catch (e) {
    return (e as Error).message;
  }
}

async function checkDomains(domains: DomainPlan[], origin: string | null, tries: number) {
  let failing = domains;
  let problems = new Map<string, string>();
  for (let attempt = 1; attempt <= tries && failing.length; attempt++) {
    // a new Custom Domain's certificate takes a moment: the failing ones are asked again
    if (attempt > 1) await new Promise((r) => setTimeout(r, 6_000));
    const results = await Promise.all(failing.map(async (d) => [d, await checkDomain(d, origin)] as const));
    problems = new Map(results.filter(([, p]) => p).map(([d, p]) => [d.host, p!]));
    failing = results.filter(([, p]) => p).map(([d]) => d);
  }
  return problems;
}

export async function main(argv: string[]) {
  const options = parseArgs(argv);
  const { env, dryRun } = options;
  const account = dryRun
    ? null
    : {
        token:
          process.env.CLOUDFLARE_API_TOKEN ||
          fail(
            'CLOUDFLARE_API_TOKEN is not set: an API token of the account (Workers, D1, R2, Queues, Workers Routes/Custom Domains, Email Sending, zone read)',
          ),
        accountId: process.env.CLOUDFLARE_ACCOUNT_ID || fail('CLOUDFLARE_ACCOUNT_ID is not set: the account the sites are deployed to'),
      };

  step('Tenant files');
  // TENANTS_DIR: the folder to check instead (a test's broken copy); the worker bundles tenants/index.ts's files either way
  checkTenantDir(process.env.TENANTS_DIR ?? path.join(root, 'tenants'));
  // what the worker bundles (tenants/index.ts), checked above to be every file on disk
  const registry = buildRegistry(tenantFiles, companiesFile);
  console.log(`${registry.tenants.length} sites, ${registry.companies.size} companies`);

  step(`Configuration of ${env}`);
  const configFile = path.join(root, generatedConfigPath(env));
  const base = readBaseConfig(path.join(root, 'wrangler.toml'));
  const generate = (databaseIds?: Record<string, string>) =>
    generateConfig({ base, registry, env, root, configDir: path.dirname(configFile), databaseIds });
  const write = (g: DeployConfig) => {
    mkdirSync(path.dirname(configFile), { recursive: true });
    writeFileSync(configFile, `${JSON.stringify(g.config, null, 2)}\n`);
  };
  const plan = generate();
  // written now (D1 ids still to be looked up): the secrets' fix lines name this file
  write(plan);
  console.log(`${plan.workerName}: ${plan.domains.length} Custom Domains, written to ${path.relative(root, configFile)}`);

  const envArgs = ['--env', env, '--config', configFile];
  const build = async () => {
    step('Build');
    if (options.build) await run('npm', ['run', 'build']);
    else if (!['index.html', 'lander.html', 'operator/index.html'].every((f) => existsSync(path.join(root, 'web/dist', f))))
      fail('--no-build, but web/dist has no build: run npm run build first');
    else console.log('skipped (--no-build): web/dist as it is');
  };
  if (dryRun) {
    await build();
    step('wrangler deploy --dry-run');
    await wrangler(['deploy', '--dry-run', '--outdir', path.join(path.dirname(configFile), 'dist'), ...envArgs]);
    printPlan(plan, configFile);
    console.log('\nDry run: nothing was created or changed.');
    return 0;
  }

  const api = new CloudflareApi(process.env.CLOUDFLARE_API_BASE_URL || DEFAULT_API_BASE, account!.token, account!.accountId);

  step('Secrets');
  const present = (await api.secretNames(plan.workerName)) ?? [];
  const missing = missingSecrets(plan.secrets, present);
  if (missing.length) fail(describeMissingSecrets(missing, env, plan.workerName));
  console.log(`all ${plan.secrets.length} there: ${plan.secrets.map((s) => s.name).join(', ')}`);

  // before anything is created: a build that fails changes nothing
  await build();

  step('Resources');
  const databaseIds: Record<string, string> = {};
  for (const db of plan.resources.d1) {
    let id = await api.d1Id(db.name);
    if (!id) {
      id = await api.createD1(db.name);
      console.log(`created D1 database ${db.name} (${id})`);
    } else console.log(`D1 database ${db.name} (${id})`);
    databaseIds[db.name] = id;
  }
  for (const b of plan.resources.r2) {
    if (await api.r2Exists(b.name)) console.log(`R2 bucket ${b.name}`);
    else {
      await api.createR2(b.name);
      console.log(`created R2 bucket ${b.name}`);
    }
  }
  const queueIds: Record<string, string> = {};
  for (const q of plan.resources.queues) {
    let id = await api.queueId(q);
    if (!id) {
      id = await api.createQueue(q);
      console.log(`created queue ${q}`);
    } else console.log(`queue ${q}`);
    queueIds[q] = id;
  }
  const g = generate(databaseIds);
  write(g);

  step('D1 migrations');
  for (const db of g.resources.d1) await wrangler(['d1', 'migrations', 'apply', db.binding, '--remote', ...envArgs]);

  step('Deploy');
  await wrangler(['deploy', ...envArgs]);

  const problems: string[] = [];
  step('Custom Domains');
  // wrangler replaces the worker's set with the configuration's; whatever the API still lists beyond it goes
  const wanted = new Set(g.domains.map((d) => d.host));
  const attached = await api.customDomains(g.workerName);
  for (const d of attached.filter((x) => !wanted.has(x.hostname))) {
    await api.deleteCustomDomain(d.id);
    console.log(`removed ${d.hostname} (no site has it any more)`);
  }
  const have = new Set(attached.map((d) => d.hostname));
  const absent = g.domains.filter((d) => !have.has(d.host));
  for (const d of absent) problems.push(`${d.host}: not a Custom Domain of ${g.workerName} after the deploy`);
  console.log(`${g.domains.length - absent.length} of ${g.domains.length} attached`);

  if (g.mailEvents) {
    step(`Email Sending events → ${g.mailEvents.queue}`);
    const queue = { name: g.mailEvents.queue, id: queueIds[g.mailEvents.queue]! };
    const existing = await api.subscriptions(queue.id);
    for (const domain of g.mailEvents.domains) {
      if (existing.some((s) => s.source.type === 'email.sending' && s.source.domain === domain)) continue;
      const zone = await api.zoneOf(domain);
      if (!zone) {
        problems.push(`${domain}: no zone of the account for Email Sending's events`);
        continue;
      }
      try {
        await api.createEmailSubscription(queue, zone.id, domain, MAIL_EVENTS);
        console.log(`subscribed ${domain}`);
      } catch (e) {
        problems.push(`${domain}: Email Sending subscription: ${(e as Error).message}`);
      }
    }
    console.log(`${g.mailEvents.domains.length} sending domains subscribed`);
  }

  step(`Checking ${g.domains.length} domains${options.checkOrigin ? ` through ${options.checkOrigin}` : ''}`);
  const failing = await checkDomains(g.domains, options.checkOrigin, options.checkTries);
  for (const [host, problem] of failing) problems.push(`${host}: ${problem}`);
  if (problems.length) {
    console.error(
      `\n✗ ${env}: deployed, but ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
    return 1;
  }
  console.log(`\n✓ ${env} is live: ${g.domains.length} domains answer as their own site (${g.workerName})`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`\n✗ ${e instanceof DeployError ? e.message : ((e as Error).stack ?? String(e))}`);
      process.exit(1);
    },
  );
}
