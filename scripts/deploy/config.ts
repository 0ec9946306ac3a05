// The deploy configuration of one environment, made fresh from tenants/ and the base wrangler.toml
// (scripts/deploy.ts writes it to .wrangler/deploy/<env>/wrangler.json). Pure: no file is written
// and no account is asked here, so the tests check it directly.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { deployedHosts, operatorHosts, type Registry } from '../../tenants/registry';
import { DEPLOY_ENVIRONMENTS, senderAddress, type DeployEnvironment } from '../../tenants/schema';

export { DEPLOY_ENVIRONMENTS, type DeployEnvironment };
export type Json = Record<string, unknown>;

/** The base wrangler.toml (local development's configuration), parsed. */
export const readBaseConfig = (file: string): Json => parseToml(readFileSync(file, 'utf8')) as Json;

/** Where the generated configuration of an environment is written, relative to the repository. */
export const generatedConfigPath = (env: DeployEnvironment) => `.wrangler/deploy/${env}/wrangler.json`;

/**
 * A resource's name in an environment: production keeps the base name, staging adds `-staging`
 * (the worker `datingsite-staging`, its bucket `datingsite-photos-staging`, ...).
 */
export const forEnv = (name: string, env: DeployEnvironment) => (env === 'production' ? name : `${name}-${env}`);

/** The hosts a deployed worker never answers on (tenants/registry devHosts are the sites' own). */
const isLocalHost = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

export type DomainPlan = { host: string; slug: string | null; company: number | null; operator: boolean };
export type ResourcePlan = {
  d1: { binding: string; name: string; migrations_dir: string }[];
  r2: { binding: string; name: string }[];
  queues: string[];
};
export type DeployConfig = {
  env: DeployEnvironment;
  workerName: string;
  /** The file's content: `{ name, env: { <env>: {...} } }`, deployed with `--env <env>`. */
  config: Json;
  /** The environment's section of `config`. */
  section: Json;
  domains: DomainPlan[];
  resources: ResourcePlan;
  secrets: SecretRule[];
  /** The sending domains whose Email Sending events go to the mail-events queue. */
  mailEvents: { queue: string; domains: string[] } | null;
};

export type GenerateOptions = {
  base: Json;
  registry: Registry;
  env: DeployEnvironment;
  /** Absolute: the repository (the base config's folder) and the folder the generated file goes to. */
  root: string;
  configDir: string;
  /** D1 database ids by database name (looked up at deploy time); a missing one becomes a placeholder. */
  databaseIds?: Record<string, string>;
};

/** database_id of a D1 database not yet looked up (a dry run): wrangler accepts it, the API never sees it. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-0000-0000-000000000000';
/** The queue Cloudflare Email Sending's events are subscribed to (the base name; renamed per environment). */
export const MAIL_EVENTS_QUEUE = 'datingsite-mail-events';
/** The Email Sending events the worker handles. */
export const MAIL_EVENTS = ['message.bounced', 'message.complained', 'message.failed'];

type Ctx = {
  env: DeployEnvironment;
  rel: (p: string) => string;
  databaseIds: Record<string, string>;
  workerName: string;
  baseName: string;
};
type Transform = (value: unknown, ctx: Ctx) => unknown;

/** Module aliases, each resolved from the generated config's folder (wrangler resolves them from there). */
const aliasesOf = (v: unknown, { rel }: Ctx) =>
  Object.fromEntries(Object.entries(v as Json).map(([name, file]) => [name, rel(String(file)).replace(/^(?!\.)/, './')]));

const same: Transform = (v) => v;
const list = (v: unknown, key: string): Json[] => {
  if (!Array.isArray(v)) throw new Error(`wrangler.toml: ${key}: expected a list of tables`);
  return v as Json[];
};
const renameIn =
  (key: string, fields: string[], drop: string[] = []): Transform =>
  (v, { env }) =>
    list(v, key).map((item) => {
      const out: Json = { ...item };
      for (const f of drop) delete out[f];
      for (const f of fields) if (typeof out[f] === 'string') out[f] = forEnv(out[f], env);
      return out;
    });

/**
 * What becomes of each key of the base wrangler.toml in an environment. Every binding is repeated
 * in the environment (wrangler does not inherit them), its resource renamed for the environment.
 * A key not listed here fails the generation: a new kind of binding must be decided on, never
 * dropped or deployed with development's names.
 */
const KEYS: Record<string, Transform | 'skip'> = {
  name: 'skip',
  main: (v, { rel }) => rel(String(v)),
  compatibility_date: same,
  compatibility_flags: same,
  // the environment's own values come in generateConfig
  vars: same,
  assets: (v, { rel }) => ({ ...(v as Json), directory: rel(String((v as Json).directory)) }),
  // module aliases (the members page's server render, web/dist-ssr): top level of the generated config (wrangler takes
  // no alias in an environment), see generateConfig
  alias: 'skip',
  d1_databases: (v, { env, rel, databaseIds }) =>
    list(v, 'd1_databases').map(({ preview_database_id: _preview, ...db }) => {
      const name = forEnv(String(db.database_name), env);
      return {
        ...db,
        database_name: name,
        database_id: databaseIds[name] ?? PLACEHOLDER_DATABASE_ID,
        ...(db.migrations_dir ? { migrations_dir: rel(String(db.migrations_dir)) } : {}),
      };
    }),
  r2_buckets: renameIn('r2_buckets', ['bucket_name'], ['preview_bucket_name']),
  durable_objects: (v, { workerName, baseName }) => ({
    ...(v as Json),
    // the worker's own classes: a namespace per script, so per environment; another script's keeps its name
    bindings: list((v as Json).bindings, 'durable_objects.bindings').map((b) =>
      b.script_name === baseName ? { ...b, script_name: workerName } : b,
    ),
  }),
  migrations: same,
  queues: (v, { env }) => {
    const q = v as Json;
    return {
      ...q,
      // a producer only development's /dev routes use (MAIL_EVENTS: the mail-events queue is Cloudflare's to write) is not deployed
      ...(q.producers
        ? {
            producers: renameIn('queues.producers', ['queue'])(
              list(q.producers, 'queues.producers').filter((p) => !DEVELOPMENT_PRODUCERS.includes(String(p.binding))),
              { env } as Ctx,
            ),
          }
        : {}),
      ...(q.consumers ? { consumers: renameIn('queues.consumers', ['queue', 'dead_letter_queue'])(q.consumers, { env } as Ctx) } : {}),
    };
  },
  services: renameIn('services', ['service']),
  analytics_engine_datasets: renameIn('analytics_engine_datasets', ['dataset']),
  send_email: same,
  images: same,
  ai: same,
  browser: same,
  version_metadata: same,
  triggers: same,
  observability: same,
  placement: same,
  limits: same,
  logpush: same,
  upload_source_maps: same,
  keep_vars: same,
  // the deploy's own: the routes are the sites' and operators' Custom Domains, no workers.dev
  routes: 'skip',
  route: 'skip',
  workers_dev: 'skip',
  preview_urls: 'skip',
  // local development only
  dev: 'skip',
};

/**
 * The environment's configuration: every binding of the base config with its resources renamed,
 * its vars (ENVIRONMENT, OPERATOR_HOSTS), and a Worker Custom Domain per site host and operator
 * host, each once. Throws naming the problem (a host claimed twice, a development host, a
 * binding it does not know, a company on the sim payment provider).
 */
export function generateConfig({ base, registry, env, root, configDir, databaseIds = {} }: GenerateOptions): DeployConfig {
  if (!DEPLOY_ENVIRONMENTS.includes(env)) throw new Error(`unknown environment "${env}" (one of ${DEPLOY_ENVIRONMENTS.join(', ')})`);
  const baseName = String(base.name ?? '');
  if (!baseName) throw new Error('wrangler.toml: name is missing');
  const workerName = forEnv(baseName, env);
  const rel = (p: string) => path.relative(configDir, path.resolve(root, p)).split(path.sep).join('/');
  const ctx: Ctx = { env, rel, databaseIds, workerName, baseName };

  const unknown = Object.keys(base).filter((k) => !(k in KEYS));
  if (unknown.length)
    throw new Error(
      `wrangler.toml: ${unknown.join(', ')}: not known to the deploy (scripts/deploy/config.ts KEYS): decide how each goes into staging and production`,
    );
  if (base.env) throw new Error('wrangler.toml: env: the environments are generated by the deploy; keep wrangler.toml for development');

  for (const c of registry.companies.values())
    if (c.payment_provider === 'sim') throw new Error(`companies.json: ${c.name}: payment_provider "sim" works only in development`);

  // every site's hosts of this environment and the operators', each exactly once
  const domains: DomainPlan[] = [];
  const owner = new Map<string, string>();
  const claim = (host: string, who: string) => {
    if (isLocalHost(host) || registry.devHosts.has(host)) throw new Error(`${who}: ${host} is a development host, never deployed`);
    const other = owner.get(host);
    if (other) throw new Error(`${host} is claimed twice: by ${other} and by ${who}`);
    owner.set(host, who);
  };
  for (const t of registry.tenants) {
    for (const host of deployedHosts(registry, t, env)) {
      claim(host, `${t.slug}.json`);
      domains.push({ host, slug: t.slug, company: t.company_id, operator: false });
    }
  }
  const operators = operatorHosts(registry, env);
  for (const host of operators) {
    claim(host, 'companies.json operator_hosts');
    const companies = [...registry.companies.values()].filter((c) => c.operator_hosts[env] === host);
    domains.push({ host, slug: null, company: companies.length === 1 ? companies[0]!.id : null, operator: true });
  }

  const section: Json = { name: workerName };
  for (const [key, value] of Object.entries(base)) {
    const transform = KEYS[key]!;
    if (transform !== 'skip') section[key] = transform(value, ctx);
  }
  section.vars = { ...((base.vars as Json | undefined) ?? {}), ENVIRONMENT: env, OPERATOR_HOSTS: operators.join(',') };
  section.routes = domains.map((d) => ({ pattern: d.host, custom_domain: true }));
  // the sites answer on their hosts only: no <worker>.<account>.workers.dev, no preview URLs
  section.workers_dev = false;
  section.preview_urls = false;
  const secrets = requiredSecrets(registry);
  // wrangler checks these against the worker's secrets on upload (`inherit` bindings)
  section.secrets = { required: secrets.map((s) => s.name) };

  const d1 = list(section.d1_databases ?? [], 'd1_databases').map((db) => ({
    binding: String(db.binding),
    name: String(db.database_name),
    migrations_dir: String(db.migrations_dir ?? 'migrations'),
  }));
  const r2 = list(section.r2_buckets ?? [], 'r2_buckets').map((b) => ({ binding: String(b.binding), name: String(b.bucket_name) }));
  const queues = section.queues as { producers?: Json[]; consumers?: Json[] } | undefined;
  const queueNames = [
    ...new Set(
      [
        ...(queues?.producers ?? []).map((p) => p.queue),
        ...(queues?.consumers ?? []).flatMap((c) => [c.queue, c.dead_letter_queue]),
      ].filter((q): q is string => typeof q === 'string'),
    ),
  ];
  const mailQueue = forEnv(MAIL_EVENTS_QUEUE, env);

  return {
    env,
    workerName,
    // the top level has no entry point: without --env this file deploys nothing
    config: { name: workerName, ...(base.alias ? { alias: aliasesOf(base.alias, ctx) } : {}), env: { [env]: section } },
    section,
    domains,
    resources: { d1, r2, queues: queueNames },
    secrets,
    mailEvents: queueNames.includes(mailQueue) ? { queue: mailQueue, domains: sendingDomains(registry) } : null,
  };
}

/** Queue producer bindings of wrangler.toml that only development uses (worker/features/dev): never deployed. */
export const DEVELOPMENT_PRODUCERS = ['MAIL_EVENTS'];

/** The domains mail is sent from: each site's sender's domain (worker/lib/mail senderOf), each once. */
export function sendingDomains(registry: Registry): string[] {
  const domains = registry.tenants.map((t) => senderAddress(t).split('@')[1]!.toLowerCase());
  return [...new Set(domains)].sort();
}

export type SecretRule = { name: string; why: string };

/**
 * The secrets a deployed worker needs, from the companies' settings. The SMS gateway's keys
 * (SEPA direct debit's SMS codes) are always needed: no site setting turns direct debit off.
 */
export function requiredSecrets(registry: Registry): SecretRule[] {
  const rules: SecretRule[] = [
    { name: 'PASSWORD_PEPPER', why: 'mixed into every password hash' },
    { name: 'VAPID_PRIVATE_KEY', why: 'signs Web Push messages (node scripts/vapid-keys.mjs makes a pair)' },
  ];
  const mollie = [...registry.companies.values()].filter((c) => c.payment_provider === 'mollie');
  if (mollie.length)
    rules.push({ name: 'MOLLIE_API_KEY', why: `payments of ${mollie.map((c) => c.name).join(', ')} (payment_provider mollie)` });
  rules.push(
    { name: 'TWILIO_ACCOUNT_SID', why: 'the SMS codes of SEPA direct debit (every site offers it)' },
    { name: 'TWILIO_AUTH_TOKEN', why: 'the SMS codes of SEPA direct debit (every site offers it); it also signs the status callbacks' },
    { name: 'TWILIO_FROM', why: "the SMS codes' sender: a number, an alphanumeric sender or a Messaging Service SID (MG…)" },
  );
  return rules;
}

/** The required secrets the worker does not have. */
export const missingSecrets = (required: SecretRule[], present: Iterable<string>) => {
  const have = new Set(present);
  return required.filter((s) => !have.has(s.name));
};

/** The refusal: each missing secret by name, with the line that sets it. */
export function describeMissingSecrets(missing: SecretRule[], env: DeployEnvironment, workerName: string) {
  return [
    `The worker ${workerName} (${env}) lacks ${missing.length === 1 ? 'a secret' : `${missing.length} secrets`}; nothing was deployed. Set ${missing.length === 1 ? 'it' : 'each'} and deploy again:`,
    ...missing.map(
      (s) => `  ${s.name} (${s.why}):\n    npx wrangler secret put ${s.name} --env ${env} --config ${generatedConfigPath(env)}`,
    ),
  ].join('\n');
}
