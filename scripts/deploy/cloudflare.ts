// The Cloudflare API calls the deploy makes itself (wrangler makes the upload, the triggers and the
// D1 migrations): resources by name, the worker's secrets and Custom Domains, zones and Email
// Sending's event subscriptions. The same base URL as wrangler's (CLOUDFLARE_API_BASE_URL).

export const DEFAULT_API_BASE = 'https://api.cloudflare.com/client/v4';

type Envelope<T> = {
  success: boolean;
  errors?: { code: number; message: string }[];
  result: T;
  result_info?: { page?: number; total_pages?: number; count?: number; total_count?: number; per_page?: number };
};

export class CloudflareError extends Error {
  constructor(
    readonly status: number,
    readonly codes: number[],
    message: string,
  ) {
    super(message);
  }
}

export type CustomDomain = { id: string; hostname: string; service: string; environment: string; zone_name?: string };
export type Subscription = {
  id: string;
  name: string;
  source: { type: string; domain?: string; zone_id?: string };
  destination: { queue_id: string };
  events: string[];
};

export class CloudflareApi {
  constructor(
    readonly base: string,
    readonly token: string,
    readonly accountId: string,
  ) {}

  private async request<T>(
    method: string,
    path: string,
    { query, body }: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<Envelope<T>> {
    const url = new URL(`${this.base.replace(/\/$/, '')}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: Envelope<T>;
    try {
      json = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new CloudflareError(res.status, [], `${method} ${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
    if (!json.success) {
      const errors = json.errors ?? [];
      throw new CloudflareError(
        res.status,
        errors.map((e) => e.code),
        `${method} ${path}: ${errors.map((e) => `${e.message} [code ${e.code}]`).join('; ') || `HTTP ${res.status}`}`,
      );
    }
    return json;
  }

  call<T>(method: string, path: string, options?: { query?: Record<string, string>; body?: unknown }) {
    return this.request<T>(method, path, options).then((r) => r.result);
  }

  /** Every page of a paged list. */
  async list<T>(path: string, query: Record<string, string> = {}): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const r = await this.request<T[]>('GET', path, { query: { ...query, page: String(page), per_page: '100' } });
      out.push(...r.result);
      if (!r.result_info?.total_pages || page >= r.result_info.total_pages || !r.result.length) return out;
    }
  }

  private get account() {
    return `/accounts/${this.accountId}`;
  }

  /** The D1 database's id by its exact name, or null. */
  async d1Id(name: string) {
    const found = await this.list<{ uuid: string; name: string }>(`${this.account}/d1/database`, { name });
    return found.find((d) => d.name === name)?.uuid ?? null;
  }
  createD1 = (name: string) => this.call<{ uuid: string }>('POST', `${this.account}/d1/database`, { body: { name } }).then((d) => d.uuid);

  async r2Exists(name: string) {
    try {
      await this.call('GET', `${this.account}/r2/buckets/${encodeURIComponent(name)}`);
      return true;
    } catch (e) {
      if (e instanceof CloudflareError && (e.status === 404 || e.codes.includes(10006))) return false;
      throw e;
    }
  }
  createR2 = (name: string) => this.call('POST', `${this.account}/r2/buckets`, { body: { name } });

  async queueId(name: string) {
    const found = await this.list<{ queue_id: string; queue_name: string }>(`${this.account}/queues`, { name });
    return found.find((q) => q.queue_name === name)?.queue_id ?? null;
  }
  createQueue = (name: string) =>
    this.call<{ queue_id: string }>('POST', `${this.account}/queues`, { body: { queue_name: name } }).then((q) => q.queue_id);

  /** The names of the worker's secrets; null when the worker does not exist yet. */
  async secretNames(worker: string) {
    try {
      const secrets = await this.call<{ name: string }[]>('GET', `${this.account}/workers/scripts/${encodeURIComponent(worker)}/secrets`);
      return secrets.map((s) => s.name);
    } catch (e) {
      if (e instanceof CloudflareError && (e.codes.includes(10007) || e.status === 404)) return null;
      throw e;
    }
  }

  customDomains = (worker: string) => this.list<CustomDomain>(`${this.account}/workers/domains`, { service: worker });
  deleteCustomDomain = (id: string) => this.call('DELETE', `${this.account}/workers/domains/${encodeURIComponent(id)}`);

  /** The zone a host is in (the host itself or its nearest parent that is a zone of the account), or null. */
  async zoneOf(host: string) {
    const labels = host.split('.');
    for (let i = 0; i < labels.length - 1; i++) {
      const name = labels.slice(i).join('.');
      const zones = await this.call<{ id: string; name: string }[]>('GET', '/zones', { query: { name, 'account.id': this.accountId } });
      const zone = zones.find((z) => z.name === name);
      if (zone) return zone;
    }
    return null;
  }

  subscriptions = (queueId: string) => this.list<Subscription>(`${this.account}/event_subscriptions/subscriptions`, { queue_id: queueId });
  /** The body `wrangler queues subscription create <queue> --source email.sending --zone-id --domain --events` posts. */
  createEmailSubscription = (queue: { name: string; id: string }, zoneId: string, domain: string, events: string[]) =>
    this.call<Subscription>('POST', `${this.account}/event_subscriptions/subscriptions`, {
      body: {
        name: `${queue.name} email.sending ${domain}`,
        enabled: true,
        source: { type: 'email.sending', zone_id: zoneId, domain },
        destination: { type: 'queues.queue', queue_id: queue.id },
        events,
      },
    });
}
