// A local stand-in of the Cloudflare API (v4) for the deploy test: the endpoints wrangler 4.155
// and scripts/deploy.ts call for a deploy, with an in-memory account, answering in Cloudflare's
// envelope { success, errors, messages, result }. It records every call (the test reads them) and
// refuses anything it does not know with the path named, so a new call shows up at once. It is
// also the HTTPS proxy of the processes under test: a CONNECT (a try to reach the internet) is
// recorded and refused.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Call = { method: string; path: string; query: Record<string, string>; body?: unknown };
/** A script upload: a whole deploy (PUT .../scripts/:name) or a new version (POST .../versions, then a deployment). */
export type Upload = { script: string; via: 'script' | 'version'; metadata: Record<string, unknown>; parts: string[] };
export type CustomDomain = {
  id: string;
  zone_id: string;
  zone_name: string;
  hostname: string;
  service: string;
  environment: string;
  cert_id: string;
};
export type Script = {
  name: string;
  tag: string;
  bindings: Record<string, unknown>[];
  etag: string;
  migrationTag?: string;
  secrets: Map<string, string>;
  created_on: string;
  modified_on: string;
  subdomain: { enabled: boolean; previews_enabled: boolean };
  schedules: { cron: string }[];
};
export type Queue = { queue_id: string; queue_name: string; created_on: string; modified_on: string; consumers: Record<string, unknown>[] };
export type Subscription = {
  id: string;
  name: string;
  enabled: boolean;
  source: Record<string, unknown>;
  destination: { type: string; queue_id: string };
  events: string[];
  created_at: string;
  modified_at: string;
};

export type CfState = {
  accountId: string;
  zones: { id: string; name: string }[];
  scripts: Map<string, Script>;
  uploads: Upload[];
  domains: CustomDomain[];
  d1: { uuid: string; name: string; created_at: string; applied: Set<string> }[];
  /** Every SQL text run through the D1 query endpoint, with the database's name. */
  d1Sql: { database: string; sql: string }[];
  r2: { name: string; creation_date: string }[];
  queues: Queue[];
  subscriptions: Subscription[];
};

export type StandInOptions = {
  accountId?: string;
  /** Zone names of the account (each site domain is its own zone). */
  zones?: string[];
  /**
   * Whether PUT .../domains/records with override_scope replaces the worker's whole set of Custom
   * Domains (Cloudflare's behaviour: a domain the config no longer lists is detached). false keeps
   * the others, to exercise the deploy's own removal of stale domains.
   */
  overrideScopeReplaces?: boolean;
};

const now = () => new Date().toISOString();
const hex = (n: number) => randomUUID().replace(/-/g, '').slice(0, n).padEnd(n, '0');

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const notFound = (code: number, message: string) => new ApiError(404, code, message);

export async function startCfApi(options: StandInOptions = {}) {
  const state: CfState = {
    accountId: options.accountId ?? 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
    zones: (options.zones ?? []).map((name) => ({ id: hex(32), name })),
    scripts: new Map(),
    uploads: [],
    domains: [],
    d1: [],
    d1Sql: [],
    r2: [],
    queues: [],
    subscriptions: [],
  };
  /** Changeable while it runs (a test flips overrideScopeReplaces between deploys). */
  const live = { overrideScopeReplaces: options.overrideScopeReplaces ?? true };
  const calls: Call[] = [];
  /** Hosts a process under test tried to reach through the proxy (the internet: never allowed). */
  const internet: string[] = [];
  /** Requests the stand-in does not implement (each also answered 404 with its path). */
  const unknown: string[] = [];

  const zoneOf = (host: string) => {
    const labels = host.split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      const zone = state.zones.find((z) => z.name === labels.slice(i).join('.'));
      if (zone) return zone;
    }
    return null;
  };
  const script = (name: string) => {
    const s = state.scripts.get(name);
    if (!s) throw notFound(10007, 'This Worker does not exist on your account.');
    return s;
  };
  const queueByName = (name: string) => state.queues.find((q) => q.queue_name === name);
  const queueById = (id: string) => {
    const q = state.queues.find((x) => x.queue_id === id);
    if (!q) throw notFound(11000, 'Queue does not exist');
    return q;
  };
  const d1ById = (id: string) => {
    const db = state.d1.find((d) => d.uuid === id);
    if (!db) throw notFound(7404, 'The database could not be found');
    return db;
  };
  const d1Json = (d: CfState['d1'][number]) => ({
    uuid: d.uuid,
    name: d.name,
    created_at: d.created_at,
    version: 'production',
    num_tables: 0,
    file_size: 0,
    running_in_region: 'WEUR',
  });
  const scriptJson = (s: Script) => ({
    id: s.name,
    tag: s.tag,
    etag: s.etag,
    handlers: ['fetch', 'scheduled', 'queue'],
    created_on: s.created_on,
    modified_on: s.modified_on,
    usage_model: 'standard',
    compatibility_date: '2026-03-01',
    migration_tag: s.migrationTag,
    has_assets: true,
    has_modules: true,
  });

  /** The worker's bindings of type `inherit` must name secrets it has (Cloudflare's code 10021 otherwise). */
  const checkInherits = (s: Script | undefined, metadata: Record<string, unknown>) => {
    const bindings = (metadata.bindings ?? []) as { type: string; name: string }[];
    const bad = bindings.filter((b) => b.type === 'inherit' && !s?.secrets.has(b.name) && !s?.bindings.some((x) => x.name === b.name));
    if (bad.length) throw new ApiError(400, 10021, bad.map((b) => `inherit binding '${b.name}' is invalid`).join('\n'));
  };

  /** A binding to a D1 database, R2 bucket or queue that the account does not have is refused (code 10021), as Cloudflare does. */
  const checkResources = (metadata: Record<string, unknown>) => {
    const bad: string[] = [];
    for (const b of (metadata.bindings ?? []) as Record<string, string>[]) {
      if (b.type === 'd1' && !state.d1.some((d) => d.uuid === b.id))
        bad.push(`binding ${b.name} of type d1 must have a valid \`id\` specified`);
      if (b.type === 'r2_bucket' && !state.r2.some((r) => r.name === b.bucket_name))
        bad.push(`binding ${b.name}: R2 bucket ${b.bucket_name} does not exist`);
      if (b.type === 'queue' && !queueByName(b.queue_name!)) bad.push(`binding ${b.name}: queue ${b.queue_name} does not exist`);
    }
    if (bad.length) throw new ApiError(400, 10021, bad.join('\n'));
  };

  async function upload(name: string, req: Request, via: Upload['via']) {
    const form = await req.formData();
    const metadata = JSON.parse(String(form.get('metadata'))) as Record<string, unknown>;
    const existing = state.scripts.get(name);
    checkInherits(existing, metadata);
    checkResources(metadata);
    const migrations = metadata.migrations as { new_tag?: string; old_tag?: string } | undefined;
    if (migrations?.old_tag && migrations.old_tag !== existing?.migrationTag)
      throw new ApiError(400, 10079, `migration tag precondition failed: ${migrations.old_tag} is not ${existing?.migrationTag}`);
    const s: Script = existing ?? {
      name,
      bindings: [],
      tag: hex(32),
      etag: hex(64),
      secrets: new Map(),
      created_on: now(),
      modified_on: now(),
      subdomain: { enabled: false, previews_enabled: false },
      schedules: [],
    };
    s.etag = hex(64);
    s.modified_on = now();
    if (migrations?.new_tag) s.migrationTag = migrations.new_tag;
    // what the worker has now: the upload's bindings, an inherited one as it was
    const previous = new Map(s.bindings.map((b) => [b.name, b]));
    s.bindings = ((metadata.bindings ?? []) as Record<string, unknown>[]).map((b) =>
      b.type === 'inherit' ? (previous.get(b.name) ?? b) : b,
    );
    state.scripts.set(name, s);
    state.uploads.push({ script: name, via, metadata, parts: [...form.keys()] });
    return s;
  }

  type Handler = (m: {
    params: string[];
    query: URLSearchParams;
    body: () => Promise<unknown>;
    req: Request;
  }) => unknown | Promise<unknown>;
  const routes: [string, RegExp, Handler][] = [];
  const on = (method: string, pattern: string, handler: Handler) =>
    routes.push([method, new RegExp(`^${pattern.replace(/:[a-z_]+/g, '([^/]+)')}$`), handler]);
  const A = '/accounts/:account';

  on('GET', '/user/tokens/verify', () => ({ id: hex(32), status: 'active' }));
  on('GET', '/memberships', () => [{ id: hex(32), account: { id: state.accountId, name: 'Test account' } }]);
  on('GET', '/accounts', () => [{ id: state.accountId, name: 'Test account' }]);

  // workers: the service, its scripts, versions and deployments
  on('GET', `${A}/workers/services/:name`, ({ params }) => {
    const s = state.scripts.get(params[1]!);
    if (!s) throw notFound(10090, 'workers.api.error.service_not_found');
    return {
      id: s.name,
      default_environment: { environment: 'production', created_on: s.created_on, modified_on: s.modified_on, script: scriptJson(s) },
      created_on: s.created_on,
      modified_on: s.modified_on,
    };
  });
  on('GET', `${A}/workers/scripts`, () => [...state.scripts.values()].map(scriptJson));
  const settings = (s: Script) => ({
    ...scriptJson(s),
    bindings: [
      ...s.bindings.filter((b) => b.type !== 'secret_text'),
      ...[...s.secrets.keys()].map((name) => ({ type: 'secret_text', name })),
    ],
    logpush: false,
    tail_consumers: [],
    observability: { enabled: true },
    tags: [],
  });
  on('GET', `${A}/workers/scripts/:name/settings`, ({ params }) => settings(script(params[1]!)));
  on('PATCH', `${A}/workers/scripts/:name/settings`, ({ params }) => ({ ...scriptJson(script(params[1]!)) }));
  on('PATCH', `${A}/workers/scripts/:name/script-settings`, ({ params }) => ({ ...scriptJson(script(params[1]!)) }));
  on('GET', `${A}/workers/scripts/:name/script-settings`, ({ params }) => settings(script(params[1]!)));
  on('PUT', `${A}/workers/scripts/:name`, async ({ params, req }) => ({
    ...scriptJson(await upload(params[1]!, req, 'script')),
    startup_time_ms: 12,
    deployment_id: randomUUID(),
  }));
  on('POST', `${A}/workers/scripts/:name/versions`, async ({ params, req }) => {
    const s = await upload(params[1]!, req, 'version');
    return {
      id: randomUUID(),
      number: state.uploads.length,
      metadata: { source: 'wrangler' },
      resources: { script: { etag: s.etag }, bindings: s.bindings },
      startup_time_ms: 12,
    };
  });
  on('POST', `${A}/workers/scripts/:name/deployments`, async ({ params, body }) => {
    script(params[1]!);
    const b = (await body()) as { strategy: string; versions: { version_id: string; percentage: number }[] };
    return { id: randomUUID(), source: 'wrangler', strategy: b.strategy, versions: b.versions, created_on: now(), annotations: {} };
  });
  on('GET', `${A}/workers/scripts/:name/deployments`, ({ params }) => {
    const s = state.scripts.get(params[1]!);
    return {
      deployments: s
        ? [
            {
              id: randomUUID(),
              source: 'wrangler',
              strategy: 'percentage',
              author_email: 'deploy@example.com',
              created_on: s.modified_on,
              versions: [{ version_id: randomUUID(), percentage: 100 }],
            },
          ]
        : [],
    };
  });
  on('GET', `${A}/workers/scripts/:name/versions/:id`, ({ params }) => ({
    id: params[2],
    number: 1,
    metadata: { source: 'wrangler' },
    resources: { bindings: [], script: { etag: script(params[1]!).etag } },
  }));
  on('GET', `${A}/workers/workers/:name`, ({ params }) => {
    const s = script(params[1]!);
    return {
      id: s.tag,
      name: s.name,
      created_on: s.created_on,
      updated_on: s.modified_on,
      subdomain: s.subdomain,
      observability: { enabled: true },
      tags: [],
      logpush: false,
    };
  });
  on('GET', `${A}/workers/subdomain`, () => ({ subdomain: 'stand-in' }));
  on('GET', `${A}/workers/scripts/:name/subdomain`, ({ params }) => script(params[1]!).subdomain);
  on('POST', `${A}/workers/scripts/:name/subdomain`, async ({ params, body }) => {
    const s = script(params[1]!);
    const b = (await body()) as { enabled: boolean; previews_enabled?: boolean };
    s.subdomain = { enabled: b.enabled, previews_enabled: b.previews_enabled ?? b.enabled };
    return s.subdomain;
  });
  on('PUT', `${A}/workers/scripts/:name/schedules`, async ({ params, body }) => {
    const s = script(params[1]!);
    s.schedules = (await body()) as { cron: string }[];
    return { schedules: s.schedules.map((x) => ({ ...x, created_on: now(), modified_on: now() })) };
  });
  on('GET', `${A}/workers/scripts/:name/schedules`, ({ params }) => ({ schedules: script(params[1]!).schedules }));

  // static assets: every file is "already uploaded" (no buckets to send), the session's token completes it
  on('POST', `${A}/workers/scripts/:name/assets-upload-session`, () => ({ jwt: `assets-completion-${hex(16)}`, buckets: [] }));

  // secrets
  on('GET', `${A}/workers/scripts/:name/secrets`, ({ params }) =>
    [...script(params[1]!).secrets.keys()].map((name) => ({ name, type: 'secret_text' })),
  );
  on('PUT', `${A}/workers/scripts/:name/secrets`, async ({ params, body }) => {
    const b = (await body()) as { name: string; text: string };
    script(params[1]!).secrets.set(b.name, b.text);
    return { name: b.name, type: 'secret_text' };
  });

  // Custom Domains
  on('POST', `${A}/workers/scripts/:name/domains/changeset`, async ({ params, body, query }) => {
    const origins = (await body()) as { hostname: string }[];
    const mine = state.domains.filter((d) => d.service === params[1]);
    const wanted = new Set(origins.map((o) => o.hostname));
    return {
      added: origins.filter((o) => !state.domains.some((d) => d.hostname === o.hostname)),
      removed: query.get('replace_state') === 'true' ? mine.filter((d) => !wanted.has(d.hostname)) : [],
      updated: state.domains.filter((d) => wanted.has(d.hostname)).map((d) => ({ ...d, modified: d.service !== params[1] })),
      conflicting: [],
    };
  });
  on('PUT', `${A}/workers/scripts/:name/domains/records`, async ({ params, body }) => {
    const service = params[1]!;
    const b = (await body()) as {
      override_scope: boolean;
      override_existing_origin: boolean;
      origins: { hostname: string; zone_id?: string; zone_name?: string }[];
    };
    for (const o of b.origins) {
      const zone = o.zone_id ? state.zones.find((z) => z.id === o.zone_id) : zoneOf(o.hostname);
      if (!zone) throw new ApiError(400, 100117, `Hostname '${o.hostname}' is not in a zone of this account`);
      const existing = state.domains.find((d) => d.hostname === o.hostname);
      if (existing && existing.service !== service && !b.override_existing_origin)
        throw new ApiError(409, 100116, `Hostname '${o.hostname}' already has a Worker attached (${existing.service})`);
      if (existing) existing.service = service;
      else
        state.domains.push({
          id: hex(32),
          zone_id: zone.id,
          zone_name: zone.name,
          hostname: o.hostname,
          service,
          environment: 'production',
          cert_id: hex(32),
        });
    }
    if (b.override_scope && live.overrideScopeReplaces) {
      const wanted = new Set(b.origins.map((o) => o.hostname));
      state.domains = state.domains.filter((d) => d.service !== service || wanted.has(d.hostname));
    }
    return state.domains.filter((d) => d.service === service);
  });
  on('GET', `${A}/workers/domains`, ({ query }) =>
    state.domains.filter(
      (d) =>
        (!query.get('service') || d.service === query.get('service')) &&
        (!query.get('environment') || d.environment === query.get('environment')) &&
        (!query.get('hostname') || d.hostname === query.get('hostname')) &&
        (!query.get('zone_name') || d.zone_name === query.get('zone_name')),
    ),
  );
  on('GET', `${A}/workers/domains/records/:id`, ({ params }) => {
    const d = state.domains.find((x) => x.id === params[1]);
    if (!d) throw notFound(100114, 'Domain not found');
    return d;
  });
  on('DELETE', `${A}/workers/domains/:id`, ({ params }) => {
    const before = state.domains.length;
    state.domains = state.domains.filter((d) => d.id !== params[1]);
    if (state.domains.length === before) throw notFound(100114, 'Domain not found');
    return null;
  });
  // the zone's Workers routes (not Custom Domains): the deploy makes none
  on('GET', '/zones/:zone/workers/routes', () => []);
  on('GET', '/zones', ({ query }) =>
    state.zones
      .filter((z) => !query.get('name') || z.name === query.get('name'))
      .map((z) => ({ ...z, status: 'active', account: { id: state.accountId } })),
  );

  // D1
  on('GET', `${A}/d1/database`, ({ query }) => state.d1.filter((d) => !query.get('name') || d.name === query.get('name')).map(d1Json));
  on('POST', `${A}/d1/database`, async ({ body }) => {
    const { name } = (await body()) as { name: string };
    if (state.d1.some((d) => d.name === name)) throw new ApiError(400, 7502, 'A database with that name already exists');
    const db = { uuid: randomUUID(), name, created_at: now(), applied: new Set<string>() };
    state.d1.push(db);
    return d1Json(db);
  });
  on('GET', `${A}/d1/database/:id`, ({ params }) => d1Json(d1ById(params[1]!)));
  on('POST', `${A}/d1/database/:id/query`, async ({ params, body }) =>
    d1Query(d1ById(params[1]!), (await body()) as { sql: string; params?: unknown[] }),
  );
  on('POST', `${A}/d1/database/:id/raw`, async ({ params, body }) =>
    d1Query(d1ById(params[1]!), (await body()) as { sql: string; params?: unknown[] }),
  );

  /**
   * The SQL `wrangler d1 migrations apply` runs: the d1_migrations table, its list, and each
   * migration's SQL with its INSERT. Answers a SELECT of d1_migrations with the migrations applied
   * so far; any other statement is recorded and answered as run.
   */
  function d1Query(db: CfState['d1'][number], { sql }: { sql: string; params?: unknown[] }) {
    state.d1Sql.push({ database: db.name, sql });
    const meta = {
      changed_db: !/^\s*select/i.test(sql),
      changes: 0,
      duration: 1,
      last_row_id: 0,
      rows_read: 0,
      rows_written: 0,
      size_after: 0,
    };
    for (const m of sql.matchAll(/INSERT INTO "?d1_migrations"?\s*\(name\)\s*values\s*\('([^']+)'\)/gi)) db.applied.add(m[1]!);
    const results = /^\s*select[\s\S]*\bfrom\s+"?d1_migrations"?/i.test(sql)
      ? [...db.applied].map((name, i) => ({ id: i + 1, name, applied_at: now() }))
      : [];
    return [{ results, success: true, meta }];
  }

  // R2
  on('GET', `${A}/r2/buckets`, () => ({ buckets: state.r2 }));
  on('GET', `${A}/r2/buckets/:name`, ({ params }) => {
    const b = state.r2.find((x) => x.name === params[1]);
    if (!b) throw notFound(10006, 'The specified bucket does not exist.');
    return { ...b, location: 'WEUR', storage_class: 'Standard' };
  });
  on('POST', `${A}/r2/buckets`, async ({ body }) => {
    const { name } = (await body()) as { name: string };
    if (state.r2.some((b) => b.name === name))
      throw new ApiError(409, 10004, 'The bucket you tried to create already exists, and you own it.');
    const b = { name, creation_date: now() };
    state.r2.push(b);
    return { ...b, location: 'WEUR' };
  });

  // Queues and their consumers
  const queueJson = (q: Queue) => ({
    queue_id: q.queue_id,
    queue_name: q.queue_name,
    created_on: q.created_on,
    modified_on: q.modified_on,
    producers_total_count: 0,
    producers: [],
    consumers_total_count: q.consumers.length,
    consumers: q.consumers,
    settings: { delivery_delay: 0, message_retention_period: 345600 },
  });
  // `name` may come several times (wrangler asks for every queue of the config at once)
  on('GET', `${A}/queues`, ({ query }) =>
    state.queues.filter((q) => !query.has('name') || query.getAll('name').includes(q.queue_name)).map(queueJson),
  );
  on('POST', `${A}/queues`, async ({ body }) => {
    const { queue_name } = (await body()) as { queue_name: string };
    if (queueByName(queue_name)) throw new ApiError(409, 11009, 'A queue with this name already exists');
    const q: Queue = { queue_id: hex(32), queue_name, created_on: now(), modified_on: now(), consumers: [] };
    state.queues.push(q);
    return queueJson(q);
  });
  on('GET', `${A}/queues/:id`, ({ params }) => queueJson(queueById(params[1]!)));
  on('GET', `${A}/queues/:id/consumers`, ({ params }) => queueById(params[1]!).consumers);
  // a consumer as Cloudflare lists it: the worker under `script` (wrangler finds its own by it)
  const consumerJson = (q: Queue, id: string, b: Record<string, unknown>) => {
    const { script_name, ...rest } = b;
    return { ...rest, consumer_id: id, queue_id: q.queue_id, queue_name: q.queue_name, script: script_name, created_on: now() };
  };
  on('POST', `${A}/queues/:id/consumers`, async ({ params, body }) => {
    const q = queueById(params[1]!);
    const b = (await body()) as Record<string, unknown>;
    if (q.consumers.some((c) => c.script === b.script_name))
      throw new ApiError(400, 11005, `${String(b.script_name)} is already a consumer of ${q.queue_name}`);
    const c = consumerJson(q, hex(32), b);
    q.consumers.push(c);
    return c;
  });
  on('PUT', `${A}/queues/:id/consumers/:consumer`, async ({ params, body }) => {
    const q = queueById(params[1]!);
    const i = q.consumers.findIndex((c) => c.consumer_id === params[2]);
    if (i < 0) throw notFound(11001, 'Consumer does not exist');
    q.consumers[i] = consumerJson(q, params[2]!, (await body()) as Record<string, unknown>);
    return q.consumers[i];
  });

  // event subscriptions (Email Sending's events to the mail-events queue)
  on('GET', `${A}/event_subscriptions/subscriptions`, ({ query }) =>
    state.subscriptions.filter((s) => !query.get('queue_id') || s.destination.queue_id === query.get('queue_id')),
  );
  on('POST', `${A}/event_subscriptions/subscriptions`, async ({ body }) => {
    const b = (await body()) as Omit<Subscription, 'id' | 'created_at' | 'modified_at'>;
    queueById(b.destination.queue_id);
    const s: Subscription = { ...b, enabled: b.enabled ?? true, id: hex(32), created_at: now(), modified_at: now() };
    state.subscriptions.push(s);
    return s;
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in');
        const path = url.pathname.replace(/^\/client\/v4/, '');
        const raw = Buffer.concat(chunks);
        const query: Record<string, string> = {};
        for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
        const call: Call = { method: req.method ?? 'GET', path, query };
        const type = String(req.headers['content-type'] ?? '');
        if (raw.length && !type.includes('multipart/')) {
          try {
            call.body = JSON.parse(raw.toString('utf8'));
          } catch {
            call.body = raw.toString('utf8');
          }
        }
        calls.push(call);
        const send = (status: number, payload: Record<string, unknown>) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(payload));
        };
        if (req.headers.authorization !== 'Bearer stand-in-token' && !path.startsWith('/accounts/' + state.accountId + '/workers/assets')) {
          return send(403, { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
        }
        const route = routes.find(([m, re]) => m === req.method && re.test(path));
        if (!route) {
          unknown.push(`${req.method} ${path}`);
          return send(404, {
            success: false,
            errors: [{ code: 7003, message: `stand-in: no route for ${req.method} ${path}` }],
            messages: [],
            result: null,
          });
        }
        const params = path.match(route[1])!.slice(1).map(decodeURIComponent);
        if (params[0] && path.startsWith('/accounts/') && params[0] !== state.accountId)
          return send(403, {
            success: false,
            errors: [{ code: 10000, message: 'Authentication error: not this account' }],
            messages: [],
            result: null,
          });
        const headers = new Headers(
          Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : [])),
        );
        const request = new Request(url, { method: req.method, headers, body: raw.length ? raw : undefined });
        try {
          const result = await route[2]({
            params,
            query: url.searchParams,
            body: async () => JSON.parse(raw.toString('utf8')) as unknown,
            req: request,
          });
          // a list comes in one page
          const info = Array.isArray(result)
            ? {
                result_info: {
                  page: 1,
                  per_page: Math.max(result.length, 20),
                  count: result.length,
                  total_count: result.length,
                  total_pages: 1,
                },
              }
            : {};
          send(200, { success: true, errors: [], messages: [], result: result ?? null, ...info });
        } catch (e) {
          if (e instanceof ApiError)
            send(e.status, { success: false, errors: [{ code: e.code, message: e.message }], messages: [], result: null });
          else send(500, { success: false, errors: [{ code: 10001, message: `stand-in: ${String(e)}` }], messages: [], result: null });
        }
      })();
    });
  });
  // as the HTTPS proxy of the processes under test: the internet is out of reach, and each try is recorded
  server.on('connect', (req, socket) => {
    internet.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    state,
    options: live,
    calls,
    internet,
    unknown,
    origin,
    /** CLOUDFLARE_API_BASE_URL for wrangler and the deploy script. */
    baseUrl: `${origin}/client/v4`,
    token: 'stand-in-token',
    /** The calls that change something (everything but GET). */
    writes: () => calls.filter((c) => c.method !== 'GET'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type CfApi = Awaited<ReturnType<typeof startCfApi>>;
