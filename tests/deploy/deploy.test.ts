// `npm run deploy` end to end, offline: the script (and the wrangler it runs) talk to the local
// stand-in of the Cloudflare API (tests/deploy/cf-api.ts), which records every call and is also
// their HTTPS proxy, so a try to reach the internet is seen and refused. The post-deploy checks go
// to a small server here that answers as the worker does (tests/worker/environments.test.ts checks
// the worker's own answers). Needs web/dist (npm test builds it first; built here when missing).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry, deployedHosts, operatorHosts } from '../../tenants/registry';
import { MAIL_EVENTS, sendingDomains } from '../../scripts/deploy/config';
import { parseArgs } from '../../scripts/deploy';
import { startCfApi, type CfApi, type Script } from './cf-api';

const root = path.resolve(import.meta.dirname, '../..');
const registry = buildRegistry(tenantFiles, companiesFile);
const SECRETS = ['PASSWORD_PEPPER', 'VAPID_PRIVATE_KEY', 'MOLLIE_API_KEY', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'];
const migrations = readdirSync(path.join(root, 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();
const sites = (env: 'staging' | 'production') =>
  registry.tenants.flatMap((t) => deployedHosts(registry, t, env).map((host) => ({ host, slug: t.slug })));
const allHosts = (env: 'staging' | 'production') => [...sites(env).map((s) => s.host), ...operatorHosts(registry, env)];
/** The account's zones: each site domain's, the companies' and the sending domains' (all second-level here). */
const zones = [
  ...new Set([...allHosts('production'), ...allHosts('staging'), ...sendingDomains(registry)].map((h) => h.split('.').slice(-2).join('.'))),
];

const stale: Omit<CfApi['state']['domains'][number], 'service'> = {
  id: 'stale-1',
  zone_id: '',
  zone_name: 'vonkmedia.nl',
  hostname: 'she-xx.staging.vonkmedia.nl',
  environment: 'production',
  cert_id: 'c1',
};

/** A worker as `wrangler secret put` leaves it before the first deploy: a draft with the secrets. */
const draft = (name: string, secrets: string[]): Script => ({
  name,
  tag: 'draft',
  etag: 'draft',
  bindings: [],
  secrets: new Map(secrets.map((s) => [s, `${s.toLowerCase()}-value`])),
  created_on: new Date().toISOString(),
  modified_on: new Date().toISOString(),
  subdomain: { enabled: true, previews_enabled: true },
  schedules: [],
});

// wrangler's own files (logs, the update check's cache: filled, so it never asks npm) go to a folder of this test
const home = mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
const wranglerVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/wrangler/package.json'), 'utf8')) as { version: string })
  .version;
mkdirSync(path.join(home, 'update-check'), { recursive: true });
writeFileSync(
  path.join(home, 'update-check', 'wrangler-latest.json'),
  JSON.stringify({ latest: wranglerVersion, lastUpdate: Date.now() + 86_400_000 }),
);

/** The environment of the processes under test: the stand-in's API, no real account ever. */
function childEnv(api: CfApi | null, extra: Record<string, string | undefined> = {}) {
  const env: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('CLOUDFLARE_') && !k.startsWith('WRANGLER_')),
  );
  Object.assign(env, {
    PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    TMPDIR: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    WRANGLER_LOG_PATH: path.join(home, 'logs'),
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CI: 'true',
    ...(api
      ? {
          CLOUDFLARE_API_BASE_URL: api.baseUrl,
          CLOUDFLARE_API_TOKEN: api.token,
          CLOUDFLARE_ACCOUNT_ID: api.state.accountId,
          HTTPS_PROXY: api.origin,
          NO_PROXY: '127.0.0.1,localhost',
        }
      : {}),
    ...extra,
  });
  return env as NodeJS.ProcessEnv;
}

function exec(cmd: string, args: string[], env: NodeJS.ProcessEnv, input?: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.stdin.end(input ?? '');
    child.on('close', (code) => resolve({ code, out }));
  });
}
const deploy = (args: string[], env: NodeJS.ProcessEnv) =>
  exec(path.join(root, 'node_modules/.bin/tsx'), ['scripts/deploy.ts', ...args], env);

/** Answers as the deployed worker does: a site's settings with its slug, the operators' API, else unknown_site. */
const slugOf = new Map([...registry.byHost, ...registry.stagingHosts].map(([h, t]) => [h, t.slug]));
const operators = new Set([...operatorHosts(registry, 'staging'), ...operatorHosts(registry, 'production')]);
const wrongSlug = new Map<string, string>();
const checked: string[] = [];
const sitesServer = http.createServer((req, res) => {
  const host = String(req.headers.host);
  checked.push(`${host}${req.url}`);
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  if (operators.has(host))
    return req.url === '/api/operator/me.php' ? send(403, { error: 'authentication_required' }) : send(404, { error: 'api_not_found' });
  const slug = wrongSlug.get(host) ?? slugOf.get(host);
  if (!slug || req.url !== '/api/settings.php') return send(404, { error: 'unknown_site' });
  send(200, { slug, domain: host });
});
let origin = '';
const apis: CfApi[] = [];
const account = async (options?: Parameters<typeof startCfApi>[0]) => {
  const api = await startCfApi({ zones, ...options });
  apis.push(api);
  return api;
};

beforeAll(async () => {
  if (!['index.html', 'lander.html', 'operator/index.html'].every((f) => existsSync(path.join(root, 'web/dist', f)))) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
  await new Promise<void>((resolve) => sitesServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(sitesServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
  sitesServer.close();
  rmSync(home, { recursive: true, force: true });
  // no process under test ever tried the internet, and every call it made is one the stand-in knows
  expect(apis.flatMap((api) => api.internet)).toEqual([]);
  expect(apis.flatMap((api) => api.unknown)).toEqual([]);
});

describe('npm run deploy', () => {
  it('refuses bad arguments', () => {
    expect(() => parseArgs(['--no-build'])).toThrow('--env is required');
    expect(() => parseArgs(['--env', 'preview'])).toThrow('--env must be staging or production, not "preview"');
    expect(() => parseArgs(['--env=staging', '--force'])).toThrow('unknown argument --force');
    expect(() => parseArgs(['--env', 'staging', '--check-origin', 'http://x/path'])).toThrow('--check-origin must be an origin');
    expect(() => parseArgs(['--env', 'staging', '--check-tries', '0'])).toThrow('--check-tries must be a whole number');
    expect(parseArgs(['--env=production', '--dry-run', '--no-build'])).toMatchObject({
      env: 'production',
      dryRun: true,
      build: false,
      checkOrigin: null,
      checkTries: 10,
    });
  });

  it('refuses to go on without the account, saying what is missing, before anything else', async () => {
    const api = await account();
    const [noToken, noAccount] = await Promise.all([
      deploy(['--env', 'staging', '--no-build'], childEnv(api, { CLOUDFLARE_API_TOKEN: undefined })),
      deploy(['--env', 'production', '--no-build'], childEnv(api, { CLOUDFLARE_ACCOUNT_ID: undefined })),
    ]);
    expect(noToken).toMatchObject({ code: 1, out: expect.stringContaining('CLOUDFLARE_API_TOKEN is not set') });
    expect(noAccount).toMatchObject({ code: 1, out: expect.stringContaining('CLOUDFLARE_ACCOUNT_ID is not set') });
    expect(noToken.out).not.toContain('Tenant files');
    expect(api.calls).toEqual([]);
  });

  it('refuses a bad tenant file (the worker bundles them unparsed) before any configuration or call, naming file and field', async () => {
    const api = await account();
    const dir = mkdtempSync(path.join(home, 'tenants-'));
    cpSync(path.join(root, 'tenants'), dir, { recursive: true });
    const sheFi = JSON.parse(readFileSync(path.join(dir, 'she-fi.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'she-fi.json'), JSON.stringify({ ...sheFi, niche: 9 }));
    const bad = await deploy(['--env', 'staging', '--no-build'], childEnv(api, { TENANTS_DIR: dir }));
    expect(bad).toMatchObject({ code: 1, out: expect.stringMatching(/she-fi\.json: niche/) });
    expect(bad.out).not.toContain('Configuration of staging');
    expect(api.calls).toEqual([]);
  });

  it('refuses when a secret is missing, naming it with the line that sets it, and uploads nothing; that line works', async () => {
    const api = await account();
    api.state.scripts.set(
      'datingsite-staging',
      draft(
        'datingsite-staging',
        SECRETS.filter((s) => s !== 'TWILIO_AUTH_TOKEN'),
      ),
    );
    const fresh = await account();
    // the fix line names the generated file: there even when no deploy ran before
    rmSync(path.join(root, '.wrangler/deploy'), { recursive: true, force: true });
    const [one, all] = await Promise.all([
      deploy(['--env', 'staging', '--no-build'], childEnv(api)),
      deploy(['--env', 'production', '--no-build'], childEnv(fresh)),
    ]);
    expect(one.code).toBe(1);
    expect(one.out).toContain('The worker datingsite-staging (staging) lacks a secret; nothing was deployed');
    const line = 'npx wrangler secret put TWILIO_AUTH_TOKEN --env staging --config .wrangler/deploy/staging/wrangler.json';
    expect(one.out).toContain(line);
    expect(one.out).not.toMatch(/secret put (PASSWORD_PEPPER|VAPID_PRIVATE_KEY|MOLLIE_API_KEY|TWILIO_ACCOUNT_SID)/);
    expect(one.out).not.toContain('▶ Build');
    // a production worker that does not exist yet lacks them all
    expect(all.code).toBe(1);
    for (const name of SECRETS)
      expect(all.out).toContain(`npx wrangler secret put ${name} --env production --config .wrangler/deploy/production/wrangler.json`);
    // nothing written: no resource, no upload, no domain
    for (const a of [api, fresh]) {
      expect(a.writes()).toEqual([]);
      expect(a.state.uploads).toEqual([]);
    }
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /accounts/${api.state.accountId}/workers/scripts/datingsite-staging/secrets`,
    ]);

    // the printed line, as the operator runs it (wrangler reads the value from standard input)
    const set = await exec(path.join(root, 'node_modules/.bin/wrangler'), line.split(' ').slice(2), childEnv(api), 'the-sms-token');
    expect(set.out).toContain('Success! Uploaded secret TWILIO_AUTH_TOKEN');
    expect(api.state.scripts.get('datingsite-staging')!.secrets.get('TWILIO_AUTH_TOKEN')).toBe('the-sms-token');
  });

  describe('staging, deployed twice to one account', () => {
    let api: CfApi;
    let first: { code: number | null; out: string };
    beforeAll(async () => {
      api = await account();
      api.state.scripts.set('datingsite-staging', draft('datingsite-staging', SECRETS));
      // left from a site no longer in tenants/, and production's domain of another worker
      api.state.domains.push({ ...stale, service: 'datingsite-staging' });
      api.state.domains.push({ ...stale, id: 'prod-1', hostname: 'vonkje.nl', zone_name: 'vonkje.nl', service: 'datingsite' });
      first = await deploy(['--env', 'staging', '--no-build', '--check-origin', origin, '--check-tries', '1'], childEnv(api));
    });

    it('the first deploy succeeds', () => {
      expect(first.out).toContain('✓ staging is live: 20 domains answer as their own site (datingsite-staging)');
      expect(first.code).toBe(0);
    });

    it('creates the missing D1 database, R2 bucket and queues by name', () => {
      expect(api.state.d1.map((d) => d.name)).toEqual(['datingsite-staging']);
      expect(api.state.r2.map((b) => b.name)).toEqual(['datingsite-photos-staging']);
      expect(api.state.queues.map((q) => q.queue_name).sort()).toEqual([
        'datingsite-deliveries-dlq-staging',
        'datingsite-deliveries-staging',
        'datingsite-mail-events-staging',
      ]);
    });

    it("applies every migration's SQL to the staging database, in order, before the upload", () => {
      const sql = api.state.d1Sql.filter((q) => q.database === 'datingsite-staging').map((q) => q.sql);
      const applied = sql.flatMap((s) =>
        [...s.matchAll(/INSERT INTO "?d1_migrations"? \(name\)\s*values \('([^']+)'\)/gi)].map((m) => m[1]),
      );
      expect(applied).toEqual(migrations);
      for (const file of migrations) {
        const first = readFileSync(path.join(root, 'migrations', file), 'utf8')
          .split('--> statement-breakpoint')[0]!
          .trim()
          .split('\n')[0]!;
        expect(
          sql.some((s) => s.includes(first)),
          file,
        ).toBe(true);
      }
      const lastMigration = api.calls.findLastIndex((c) => c.path.endsWith('/query'));
      const upload = api.calls.findIndex((c) => c.method === 'PUT' && c.path.endsWith('/workers/scripts/datingsite-staging'));
      expect(lastMigration).toBeGreaterThan(-1);
      expect(upload).toBeGreaterThan(lastMigration);
    });

    it('uploads the worker with every binding of the environment', () => {
      expect(api.state.uploads).toHaveLength(1);
      const { metadata } = api.state.uploads[0]!;
      const bindings = Object.fromEntries((metadata.bindings as { name: string }[]).map((b) => [b.name, b]));
      const db = api.state.d1[0]!;
      expect(bindings).toEqual({
        DB: { name: 'DB', type: 'd1', id: db.uuid },
        PHOTOS: { name: 'PHOTOS', type: 'r2_bucket', bucket_name: 'datingsite-photos-staging' },
        INBOX: { name: 'INBOX', type: 'durable_object_namespace', class_name: 'Inbox' },
        DELIVERIES: { name: 'DELIVERIES', type: 'queue', queue_name: 'datingsite-deliveries-staging' },
        EMAIL: { name: 'EMAIL', type: 'send_email' },
        IMAGES: { name: 'IMAGES', type: 'images' },
        ASSETS: { name: 'ASSETS', type: 'assets' },
        ENVIRONMENT: { name: 'ENVIRONMENT', type: 'plain_text', text: 'staging' },
        OPERATOR_HOSTS: {
          name: 'OPERATOR_HOSTS',
          type: 'plain_text',
          text: 'operator.staging.vonkmedia.nl,operator.staging.sparkfieldmedia.ie',
        },
        VAPID_PUBLIC_KEY: { name: 'VAPID_PUBLIC_KEY', type: 'plain_text', text: expect.stringMatching(/^B[\w-]{86}$/) },
        // the secrets stay the worker's: required, inherited
        ...Object.fromEntries(SECRETS.map((s) => [s, { name: s, type: 'inherit' }])),
      });
      expect(metadata.migrations).toEqual({ new_tag: 'v1', steps: [{ new_sqlite_classes: ['Inbox'] }] });
      expect(metadata.compatibility_flags).toEqual(['nodejs_compat']);
      expect(metadata.observability).toEqual({ enabled: true });
      expect(metadata.assets).toMatchObject({ config: { not_found_handling: 'none', run_worker_first: true } });
      const worker = api.state.scripts.get('datingsite-staging')!;
      expect(worker.schedules.map((s) => s.cron)).toEqual(['*/5 * * * *', '15 3 * * *', '0 8 * * 1']);
      expect(worker.subdomain).toEqual({ enabled: false, previews_enabled: false });
    });

    it("one Custom Domain per site host and operator host, a stale one gone, another worker's untouched", () => {
      const mine = api.state.domains.filter((d) => d.service === 'datingsite-staging').map((d) => d.hostname);
      expect([...mine].sort()).toEqual([...allHosts('staging')].sort());
      expect(new Set(mine).size).toBe(mine.length);
      expect(mine).not.toContain('she-xx.staging.vonkmedia.nl');
      expect(api.state.domains.find((d) => d.hostname === 'vonkje.nl')?.service).toBe('datingsite');
      for (const d of api.state.domains) expect(d.zone_name, d.hostname).toBe(d.hostname.split('.').slice(-2).join('.'));
    });

    it('the queues get their consumers, the mail-events queue its Email Sending subscriptions', () => {
      const consumers = Object.fromEntries(api.state.queues.map((q) => [q.queue_name, q.consumers]));
      expect(consumers['datingsite-deliveries-staging']).toEqual([
        expect.objectContaining({
          script: 'datingsite-staging',
          dead_letter_queue: 'datingsite-deliveries-dlq-staging',
          settings: { batch_size: 100, max_retries: 5, max_wait_time_ms: 1000, retry_delay: 10 },
        }),
      ]);
      expect(consumers['datingsite-deliveries-dlq-staging']).toEqual([
        expect.objectContaining({ script: 'datingsite-staging', settings: { batch_size: 50 } }),
      ]);
      expect(consumers['datingsite-mail-events-staging']).toEqual([
        expect.objectContaining({ script: 'datingsite-staging', settings: { batch_size: 100 } }),
      ]);
      const mailQueue = api.state.queues.find((q) => q.queue_name === 'datingsite-mail-events-staging')!;
      expect(api.state.subscriptions.map((s) => s.source.domain).sort()).toEqual(sendingDomains(registry));
      for (const s of api.state.subscriptions) {
        expect(s.source).toEqual({
          type: 'email.sending',
          zone_id: api.state.zones.find((z) => z.name === s.source.domain)!.id,
          domain: s.source.domain,
        });
        expect(s.destination).toEqual({ type: 'queues.queue', queue_id: mailQueue.queue_id });
        expect(s.events).toEqual(MAIL_EVENTS);
      }
    });

    it('checked every domain through the origin, with the domain as the Host', () => {
      for (const { host } of sites('staging')) expect(checked).toContain(`${host}/api/settings.php`);
      for (const host of operatorHosts(registry, 'staging')) expect(checked).toContain(`${host}/api/operator/me.php`);
    });

    it('a second deploy creates nothing again, removes a stale domain the API kept, and fails naming a domain that answers as another site', async () => {
      api.options.overrideScopeReplaces = false;
      api.state.domains.push({ ...stale, id: 'stale-2', service: 'datingsite-staging' });
      wrongSlug.set('she-de.staging.sparkfieldmedia.ie', 'she-eng');
      const seen = api.calls.length;
      const sqlSeen = api.state.d1Sql.length;
      const again = await deploy(['--env', 'staging', '--no-build', '--check-origin', origin, '--check-tries', '1'], childEnv(api));
      wrongSlug.clear();
      expect(again.code).toBe(1);
      expect(again.out).toContain(
        '✗ staging: deployed, but 1 problem:\n  she-de.staging.sparkfieldmedia.ie: answers as site "she-eng", not she-de',
      );
      const calls = api.calls.slice(seen).map((c) => `${c.method} ${c.path.replace(`/accounts/${api.state.accountId}`, '')}`);
      expect(calls).toContain('DELETE /workers/domains/stale-2');
      expect(api.state.domains.some((d) => d.hostname === stale.hostname)).toBe(false);
      for (const c of calls) expect(c).not.toMatch(/^POST \/(d1\/database|r2\/buckets|queues|event_subscriptions\/subscriptions)$/);
      // the migrations were all applied: the table is asked for, nothing run
      expect(api.state.d1Sql.slice(sqlSeen).map((q) => q.sql.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual([
        'CREATE TABLE',
        'SELECT *',
      ]);
      expect(api.state.uploads.map((u) => u.via)).toEqual(['script', 'version']);
      expect(api.state.subscriptions).toHaveLength(sendingDomains(registry).length);
      expect(api.state.queues.every((q) => q.consumers.length === 1)).toBe(true);
    });
  });

  it('--dry-run (production) asks the API nothing, passes wrangler deploy --dry-run and prints the plan', async () => {
    const api = await account();
    const outdir = path.join(root, '.wrangler/deploy/production/dist');
    rmSync(outdir, { recursive: true, force: true });
    const dry = await deploy(['--env', 'production', '--dry-run', '--no-build'], childEnv(api));
    expect(dry.code, dry.out).toBe(0);
    expect(api.calls).toEqual([]);
    expect(existsSync(path.join(outdir, 'index.js'))).toBe(true);
    expect(dry.out).toContain('--dry-run: exiting now.');
    // wrangler found nothing to warn about in the generated configuration (wrangler 4.86 calls `secrets` experimental)
    expect(dry.out).not.toMatch(/Unexpected fields|not inherited|No environment found/);
    const warned = /Processing \S+ configuration:([\s\S]*?)\n\n\n/.exec(dry.out)?.[1] ?? '';
    const items = warned
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('- ') && !l.startsWith('- "env.production" environment configuration'));
    expect(items.filter((i) => !i.includes('"secrets" fields are experimental'))).toEqual([]);
    for (const { host, slug } of sites('production')) expect(dry.out).toMatch(new RegExp(`\\n  ${host.replace(/\./g, '\\.')} +${slug}\\n`));
    for (const host of operatorHosts(registry, 'production'))
      expect(dry.out).toMatch(new RegExp(`\\n  ${host.replace(/\./g, '\\.')} +operator console\\n`));
    for (const line of [
      'DB: D1 datingsite',
      'PHOTOS: R2 datingsite-photos',
      'DELIVERIES: queue datingsite-deliveries (producer)',
      'INBOX: Durable Object Inbox',
      'EMAIL: send email',
      'IMAGES: Images',
      'ASSETS: static assets',
      'consumer of queue datingsite-deliveries (dead letters to datingsite-deliveries-dlq)',
    ])
      expect(dry.out).toContain(line);
    for (const name of SECRETS) expect(dry.out).toMatch(new RegExp(`\\n  ${name}: `));
    expect(dry.out).toContain(migrations.join(', '));
    for (const r of [
      'D1 database datingsite',
      'R2 bucket datingsite-photos',
      'queue datingsite-deliveries',
      'queue datingsite-deliveries-dlq',
      'queue datingsite-mail-events',
    ])
      expect(dry.out).toContain(`\n  ${r}\n`);
    expect(dry.out).toContain('ENVIRONMENT=production');
    expect(dry.out).toContain('Dry run: nothing was created or changed.');
    const config = JSON.parse(readFileSync(path.join(root, '.wrangler/deploy/production/wrangler.json'), 'utf8')) as {
      env: { production: { name: string } };
    };
    expect(config.env.production.name).toBe('datingsite');
  });
});
