import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry } from '../../tenants/registry';

/** Built once per isolate: a bad tenant file fails the worker at start, naming file and field. */
export const registry = buildRegistry(tenantFiles, companiesFile);

/** Lower-cases the Host header and strips the port; null for anything that is not a host. */
export function normalizeHost(raw: string | undefined): string | null {
  if (!raw || raw.length > 300) return null;
  const host = raw.trim().toLowerCase().replace(/:\d{1,5}$/, '').replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(host) ? host : null;
}

export const tenantForHost = (host: string | null) => (host ? registry.byHost.get(host) ?? null : null);
