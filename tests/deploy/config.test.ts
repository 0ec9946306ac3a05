import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry } from '../../tenants/registry';
import { senderAddress } from '../../tenants/schema';
import {
  DEPLOY_ENVIRONMENTS,
  PLACEHOLDER_DATABASE_ID,
  describeMissingSecrets,
  forEnv,
  generateConfig,
  generatedConfigPath,
  missingSecrets,
  readBaseConfig,
  requiredSecrets,
  sendingDomains,
  type DeployEnvironment,
  type Json,
} from '../../scripts/deploy/config';

const root = path.resolve(import.meta.dirname, '../..');
const base = readBaseConfig(path.join(root, 'wrangler.toml'));
const registry = buildRegistry(tenantFiles, companiesFile);
const generate = (
  env: DeployEnvironment,
  options: { registry?: typeof registry; base?: Json; databaseIds?: Record<string, string> } = {},
) =>
  generateConfig({
    base: options.base ?? base,
    registry: options.registry ?? registry,
    env,
    root,
    configDir: path.join(root, path.dirname(generatedConfigPath(env))),
    databaseIds: options.databaseIds,
  });
const hosts = (g: ReturnType<typeof generate>) => (g.section.routes as { pattern: string; custom_domain: boolean }[]).map((r) => r.pattern);
const companies = JSON.parse(JSON.stringify(companiesFile)) as {
  operator_hosts: Record<DeployEnvironment, string>;
  staging_domain: string;
  payment_provider: string;
}[];

describe('the deploy configuration of the shipped tenants', () => {
  it('production: every production domain of every site once, and each company operator host, as Custom Domains', () => {
    const g = generate('production');
    const expected = [
      ...registry.tenants.flatMap((t) => t.domains.map((d) => d.host)),
      ...companies.map((c) => c.operator_hosts.production),
    ];
    expect(hosts(g).sort()).toEqual([...expected].sort());
    expect(new Set(hosts(g)).size).toBe(hosts(g).length);
    expect((g.section.routes as { custom_domain: boolean }[]).every((r) => r.custom_domain === true)).toBe(true);
    expect(g.domains.filter((d) => !d.operator).map((d) => [d.host, d.slug])).toEqual(
      registry.tenants.flatMap((t) => t.domains.map((d) => [d.host, t.slug])),
    );
    expect(hosts(g)).toContain('vonkje.nl');
    expect(hosts(g)).toContain('www.vonkje.nl');
  });

  it("staging: each site on <slug>.<its company's staging_domain>, never a production domain (a host is one worker's)", () => {
    const g = generate('staging');
    const production = new Set(hosts(generate('production')));
    expect(hosts(g).filter((h) => production.has(h))).toEqual([]);
    expect(hosts(g)).toContain('vonkje.staging.vonkmedia.nl');
    expect(hosts(g)).toContain('she-eng.staging.sparkfieldmedia.ie');
    expect(g.domains.filter((d) => !d.operator)).toHaveLength(registry.tenants.length);
    expect(new Set(hosts(g)).size).toBe(hosts(g).length);
  });

  it.each(DEPLOY_ENVIRONMENTS)('%s: the operator hosts of the environment, in OPERATOR_HOSTS and as Custom Domains', (env) => {
    const g = generate(env);
    const operators = companies.map((c) => c.operator_hosts[env]);
    expect((g.section.vars as Json).OPERATOR_HOSTS).toBe(operators.join(','));
    expect(g.domains.filter((d) => d.operator).map((d) => d.host)).toEqual(operators);
    for (const h of operators) expect(hosts(g)).toContain(h);
    const other = env === 'staging' ? 'production' : 'staging';
    for (const c of companies) expect(hosts(g)).not.toContain(c.operator_hosts[other]);
  });

  it.each(DEPLOY_ENVIRONMENTS)('%s: no development host (*.localhost, dev_hosts, loopback) anywhere in the routes or vars', (env) => {
    const g = generate(env);
    const devHosts = registry.tenants.flatMap((t) => t.dev_hosts);
    expect(devHosts.length).toBeGreaterThan(0);
    for (const h of hosts(g)) {
      expect(h).not.toMatch(/(^|\.)localhost$/);
      expect(devHosts).not.toContain(h);
      expect(h).not.toBe('127.0.0.1');
    }
    expect(JSON.stringify(g.section.vars)).not.toContain('localhost');
  });

  it.each(DEPLOY_ENVIRONMENTS)('%s: ENVIRONMENT is the environment, the other vars of wrangler.toml carried over', (env) => {
    const vars = generate(env).section.vars as Json;
    expect(vars.ENVIRONMENT).toBe(env);
    for (const [k, v] of Object.entries(base.vars as Json)) if (k !== 'ENVIRONMENT' && k !== 'OPERATOR_HOSTS') expect(vars[k], k).toBe(v);
  });

  it.each(DEPLOY_ENVIRONMENTS)('%s: every binding of wrangler.toml, its resource named for the environment', (env) => {
    const g = generate(env);
    const s = g.section;
    const sfx = env === 'production' ? '' : `-${env}`;
    expect(g.workerName).toBe(`datingsite${sfx}`);
    expect(s.name).toBe(g.workerName);
    expect(g.config).toEqual({ name: g.workerName, alias: { 'members-ssr': '../../../web/dist-ssr/members-ssr.js' }, env: { [env]: s } });
    // every key of the base is in the environment, except what the deploy makes itself
    for (const key of Object.keys(base))
      if (!['name', 'main', 'routes', 'route', 'workers_dev', 'dev', 'alias'].includes(key)) expect(s, key).toHaveProperty(key);
    expect(s.d1_databases).toEqual([
      { binding: 'DB', database_name: `datingsite${sfx}`, database_id: PLACEHOLDER_DATABASE_ID, migrations_dir: '../../../migrations' },
    ]);
    expect(s.r2_buckets).toEqual([{ binding: 'PHOTOS', bucket_name: `datingsite-photos${sfx}` }]);
    expect(s.durable_objects).toEqual({ bindings: [{ name: 'INBOX', class_name: 'Inbox' }] });
    expect(s.migrations).toEqual(base.migrations);
    expect(s.send_email).toEqual([{ name: 'EMAIL' }]);
    expect(s.images).toEqual({ binding: 'IMAGES' });
    expect(s.queues).toEqual({
      // MAIL_EVENTS, development's producer of Email Sending events, is never deployed
      producers: [{ binding: 'DELIVERIES', queue: `datingsite-deliveries${sfx}` }],
      consumers: [
        {
          queue: `datingsite-deliveries${sfx}`,
          max_batch_size: 100,
          max_batch_timeout: 1,
          max_retries: 5,
          retry_delay: 10,
          dead_letter_queue: `datingsite-deliveries-dlq${sfx}`,
        },
        { queue: `datingsite-deliveries-dlq${sfx}`, max_batch_size: 50 },
        { queue: `datingsite-mail-events${sfx}`, max_batch_size: 100 },
      ],
    });
    expect(s.triggers).toEqual(base.triggers);
    expect(s.observability).toEqual({ enabled: true });
    expect(s.compatibility_date).toBe(base.compatibility_date);
    expect(s.compatibility_flags).toEqual(base.compatibility_flags);
    // paths relative to the generated file (.wrangler/deploy/<env>/wrangler.json)
    expect(s.main).toBe('../../../worker/index.ts');
    expect(s.assets).toEqual({ ...(base.assets as Json), directory: '../../../web/dist' });
    // the members page's server render (wrangler resolves an alias from the config's folder), at the config's top level:
    // wrangler takes no alias in an environment (it warned "Unexpected fields … alias" and bundled the source instead)
    expect(s.alias).toBeUndefined();
    expect(g.config.alias).toEqual({ 'members-ssr': '../../../web/dist-ssr/members-ssr.js' });
    expect(s.workers_dev).toBe(false);
    expect(s.preview_urls).toBe(false);
    expect(g.resources).toEqual({
      d1: [{ binding: 'DB', name: `datingsite${sfx}`, migrations_dir: '../../../migrations' }],
      r2: [{ binding: 'PHOTOS', name: `datingsite-photos${sfx}` }],
      queues: [`datingsite-deliveries${sfx}`, `datingsite-deliveries-dlq${sfx}`, `datingsite-mail-events${sfx}`],
    });
    expect(g.mailEvents).toEqual({ queue: `datingsite-mail-events${sfx}`, domains: sendingDomains(registry) });
    // the domains mail is sent from: each site's sender (noreply@ its first domain unless mail_from)
    expect(sendingDomains(registry)).toContain('vonkje.nl');
    for (const t of registry.tenants) expect(sendingDomains(registry)).toContain(senderAddress(t).split('@')[1]);
  });

  it('staging and production share no resource name', () => {
    const names = (env: DeployEnvironment) => {
      const r = generate(env).resources;
      return [...r.d1.map((d) => d.name), ...r.r2.map((b) => b.name), ...r.queues, generate(env).workerName];
    };
    const production = new Set(names('production'));
    expect(names('staging').filter((n) => production.has(n))).toEqual([]);
  });

  it('the D1 database id is the one looked up by name', () => {
    const g = generate('staging', { databaseIds: { 'datingsite-staging': '6f1e0a7c-0000-4000-8000-000000000001' } });
    expect((g.section.d1_databases as Json[])[0]!.database_id).toBe('6f1e0a7c-0000-4000-8000-000000000001');
  });

  it.each(DEPLOY_ENVIRONMENTS)('%s: a site removed from tenants/ leaves no route behind', (env) => {
    const { 'she-fi.json': _removed, ...rest } = tenantFiles;
    const without = generate(env, { registry: buildRegistry(rest, companiesFile) });
    const all = generate(env);
    const gone = all.domains.filter((d) => d.slug === 'she-fi').map((d) => d.host);
    expect(gone.length).toBeGreaterThan(0);
    expect(hosts(without).sort()).toEqual(
      hosts(all)
        .filter((h) => !gone.includes(h))
        .sort(),
    );
    expect(without.domains.some((d) => d.slug === 'she-fi')).toBe(false);
  });
});

describe('the generator fails loudly', () => {
  it('on a domain claimed by two sites', () => {
    const vonkje = tenantFiles['vonkje.json'] as { domains: { host: string }[] };
    const files = { ...tenantFiles, 'vonkje.json': { ...vonkje, domains: [...vonkje.domains, { host: 'strengedates.nl' }] } };
    expect(() => generate('production', { registry: buildRegistry(files, companiesFile) })).toThrow(/strengedates\.nl is already used/);
    // and past the registry (a registry built by other means): the generator's own check
    const twice = { ...registry, tenants: [...registry.tenants, registry.tenants[0]!] };
    expect(() => generate('production', { registry: twice })).toThrow(/vonkje\.nl is claimed twice: by vonkje\.json and by vonkje\.json/);
  });

  it('on an operator host that is a site host, shared across environments, or on localhost', () => {
    const withHosts = (hostsOf: (c: (typeof companies)[number], i: number) => Partial<(typeof companies)[number]>) =>
      companies.map((c, i) => ({ ...c, ...hostsOf(c, i) }));
    expect(() =>
      buildRegistry(
        tenantFiles,
        withHosts((c) => ({ operator_hosts: { ...c.operator_hosts, production: 'vonkje.be' } })),
      ),
    ).toThrow(/companies\.json: operator_hosts\.production: vonkje\.be is a host of vonkje\.json/);
    expect(() =>
      buildRegistry(
        tenantFiles,
        withHosts((c) => ({ operator_hosts: { ...c.operator_hosts, staging: c.operator_hosts.production } })),
      ),
    ).toThrow(/operator_hosts\.staging: staging and production need hosts of their own/);
    expect(() =>
      buildRegistry(
        tenantFiles,
        withHosts((c, i) => ({
          operator_hosts: { ...c.operator_hosts, staging: i ? companies[0]!.operator_hosts.production : c.operator_hosts.staging },
        })),
      ),
    ).toThrow(/operator_hosts\.staging: operator\.vonkmedia\.nl is the production operator host too/);
    expect(() =>
      buildRegistry(
        tenantFiles,
        withHosts((c) => ({ operator_hosts: { ...c.operator_hosts, production: 'operator.localhost' } })),
      ),
    ).toThrow(/operator_hosts\.production: a public host/);
    expect(() =>
      buildRegistry(
        tenantFiles,
        withHosts(() => ({ staging_domain: 'localhost' })),
      ),
    ).toThrow(/staging_domain: a public host/);
    const { operator_hosts: _none, ...noHosts } = companies[0]!;
    expect(() => buildRegistry(tenantFiles, [noHosts, companies[1]])).toThrow(/companies\.json: 0\.operator_hosts/);
  });

  it('on a site domain on localhost', () => {
    const vonkje = tenantFiles['vonkje.json'] as { domains: { host: string }[] };
    expect(() =>
      buildRegistry({ ...tenantFiles, 'vonkje.json': { ...vonkje, domains: [{ host: 'vonkje.localhost' }] } }, companiesFile),
    ).toThrow(/vonkje\.json: domains\.0\.host: a public host/);
  });

  it('on a binding it does not know, and on environments written into wrangler.toml', () => {
    expect(() => generate('staging', { base: { ...base, kv_namespaces: [{ binding: 'KV', id: 'x' }] } })).toThrow(
      /wrangler\.toml: kv_namespaces: not known to the deploy/,
    );
    expect(() => generate('staging', { base: { ...base, env: { staging: {} } } })).toThrow(/wrangler\.toml: env:/);
  });

  it('on a company with the development payment provider', () => {
    const sim = companies.map((c, i) => (i === 1 ? { ...c, payment_provider: 'sim' } : c));
    expect(() => generate('production', { registry: buildRegistry(tenantFiles, sim) })).toThrow(
      /Sparkfield Media Ltd: payment_provider "sim" works only in development/,
    );
  });

  it('on an unknown environment', () => {
    expect(() => generate('preview' as DeployEnvironment)).toThrow(/unknown environment "preview"/);
  });

  it('forEnv keeps production names and suffixes staging', () => {
    expect(forEnv('datingsite-photos', 'production')).toBe('datingsite-photos');
    expect(forEnv('datingsite-photos', 'staging')).toBe('datingsite-photos-staging');
  });
});

describe('secrets', () => {
  const all = ['PASSWORD_PEPPER', 'VAPID_PRIVATE_KEY', 'MOLLIE_API_KEY', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'];

  it('the shipped companies need the pepper, the VAPID key, Mollie and the SMS gateway', () => {
    expect(requiredSecrets(registry).map((s) => s.name)).toEqual(all);
    expect(generate('staging').section.secrets).toEqual({ required: all });
  });

  it('Mollie only when a company uses it', () => {
    const noMollie = {
      ...registry,
      companies: new Map([...registry.companies].map(([id, c]) => [id, { ...c, payment_provider: 'sim' as const }])),
    };
    expect(requiredSecrets(noMollie).map((s) => s.name)).toEqual([
      'PASSWORD_PEPPER',
      'VAPID_PRIVATE_KEY',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
    ]);
  });

  it('refuses naming each missing one with the line that sets it, and passes when all are there', () => {
    const required = requiredSecrets(registry);
    const missing = missingSecrets(required, [
      'PASSWORD_PEPPER',
      'VAPID_PRIVATE_KEY',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_FROM',
      'SOMETHING_ELSE',
    ]);
    expect(missing.map((s) => s.name)).toEqual(['MOLLIE_API_KEY', 'TWILIO_AUTH_TOKEN']);
    const text = describeMissingSecrets(missing, 'staging', 'datingsite-staging');
    expect(text).toContain('datingsite-staging (staging) lacks 2 secrets');
    expect(text).toContain('npx wrangler secret put MOLLIE_API_KEY --env staging --config .wrangler/deploy/staging/wrangler.json');
    expect(text).toContain('npx wrangler secret put TWILIO_AUTH_TOKEN --env staging --config .wrangler/deploy/staging/wrangler.json');
    expect(text).not.toContain('PASSWORD_PEPPER');
    expect(missingSecrets(required, all)).toEqual([]);
  });
});
