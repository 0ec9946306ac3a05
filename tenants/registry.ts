import { PACKAGE_TIERS, pricePerMessage } from '../worker/contracts/payments.values';
import {
  NICHES,
  companiesSchema,
  describeIssues,
  slugLocale,
  tenantSchema,
  DEPLOY_ENVIRONMENTS,
  type Company,
  type DeployEnvironment,
  type Tenant,
} from './schema';
import { DEFAULT_SETTINGS } from './defaults';
import { paletteProblems } from './palette-check';

export type Registry = {
  tenants: Tenant[];
  companies: Map<number, Company>;
  /** Every host a site answers on, development hosts included. */
  byHost: Map<string, Tenant>;
  /** The hosts of `byHost` that are for development only (`<slug>.localhost` and `dev_hosts`). */
  devHosts: Set<string>;
  /** Staging's host of each site, `<slug>.<staging_domain of its company>`; only a staging worker answers on them. */
  stagingHosts: Map<string, Tenant>;
};

/** The operator console's hosts of a deployed environment: every company's, each once. */
export const operatorHosts = (registry: Pick<Registry, 'companies'>, env: DeployEnvironment) => [
  ...new Set([...registry.companies.values()].map((c) => c.operator_hosts[env])),
];

/** The hosts a site answers on when deployed: its domains in production, `<slug>.<staging_domain>` in staging. */
export const deployedHosts = (registry: Pick<Registry, 'companies'>, tenant: Tenant, env: DeployEnvironment) =>
  env === 'production'
    ? tenant.domains.map((d) => d.host)
    : [`${tenant.slug}.${registry.companies.get(tenant.company_id)!.staging_domain}`];

/**
 * Indexes checked sites by host: plain code, no schema, what the worker runs at start-up
 * (worker/lib/tenants.ts). Returns the problems it meets on the way (a host used twice), which
 * `buildRegistry` reports with the rest; the worker throws on them.
 */
export function indexRegistry(tenants: Tenant[], companyList: Company[]): { registry: Registry; problems: string[] } {
  const problems: string[] = [];
  const companies = new Map(companyList.map((c) => [c.id, c]));
  const byHost = new Map<string, Tenant>();
  const devHosts = new Set<string>();
  for (const t of tenants) {
    const development = [`${t.slug}.localhost`, ...t.dev_hosts];
    for (const host of [...t.domains.map((d) => d.host), ...development]) {
      const other = byHost.get(host);
      if (other) problems.push(`${t.slug}.json: domains: ${host} is already used by ${other.slug}.json`);
      else byHost.set(host, t);
    }
    for (const host of development) devHosts.add(host);
  }
  // the deployed hosts besides the production domains: staging's site hosts and the operators'
  const stagingHosts = new Map<string, Tenant>();
  for (const t of tenants) {
    const company = companies.get(t.company_id);
    if (!company) continue;
    const host = `${t.slug}.${company.staging_domain}`;
    const other = byHost.get(host);
    if (other) problems.push(`${t.slug}.json: staging host ${host} is already used by ${other.slug}.json`);
    else stagingHosts.set(host, t);
  }
  const operatorHostOf = new Map<string, string>();
  for (const c of companies.values()) {
    for (const env of DEPLOY_ENVIRONMENTS) {
      const host = c.operator_hosts[env];
      const site = byHost.get(host) ?? stagingHosts.get(host);
      if (site) problems.push(`companies.json: operator_hosts.${env}: ${host} is a host of ${site.slug}.json`);
      // companies may share an operator console, but not across environments (a host belongs to one worker)
      const seen = operatorHostOf.get(host);
      if (seen && seen !== env) problems.push(`companies.json: operator_hosts.${env}: ${host} is the ${seen} operator host too`);
      operatorHostOf.set(host, env);
    }
  }
  return { registry: { tenants, companies, byHost, devHosts, stagingHosts }, problems };
}

/**
 * Validates every site file and the companies file (the schema and the rules across files) and
 * indexes sites by host. Throws one error listing every problem as "file: field: message", so a bad
 * file fails loudly. Run where files change: `npm run tenants:check`, the build, the deploy and the
 * unit tests; the worker bundles what passed and only indexes it (`indexRegistry`).
 */
export function buildRegistry(files: Record<string, unknown>, companiesFile: unknown): Registry {
  const problems: string[] = [];
  const companiesResult = companiesSchema.safeParse(companiesFile);
  if (!companiesResult.success) problems.push(describeIssues('companies.json', companiesResult.error));
  const companyIds = new Set((companiesResult.data ?? []).map((c) => c.id));

  const tenants: Tenant[] = [];
  for (const [file, raw] of Object.entries(files)) {
    const result = tenantSchema.safeParse(raw);
    if (!result.success) {
      problems.push(describeIssues(file, result.error));
      continue;
    }
    const t = result.data;
    if (`${t.slug}.json` !== file) problems.push(`${file}: slug: must equal the file name (${file.replace(/\.json$/, '')})`);
    if (companiesResult.success && !companyIds.has(t.company_id))
      problems.push(`${file}: company_id: no company ${t.company_id} in companies.json`);
    const prefix = NICHES[t.niche].prefix;
    const isMain = t.niche === 1 && t.default_locale === 'nl';
    if (!isMain && t.slug !== `${prefix}-${slugLocale(t.default_locale)}`)
      problems.push(`${file}: slug: niche ${t.niche} in ${t.default_locale} must be "${prefix}-${slugLocale(t.default_locale)}"`);
    const effective = { ...DEFAULT_SETTINGS, ...t.settings };
    if (effective.member_resell && !effective.partner_url)
      problems.push(`${file}: settings.partner_url: required when member_resell is true (the cam and resell tiles link there)`);
    for (const c of effective.countries) {
      const costs = effective.minimum_message_costs[c];
      const packages = effective.packages[c];
      if (!costs) problems.push(`${file}: settings.minimum_message_costs: no costs for country ${c}`);
      if (!packages) problems.push(`${file}: settings.packages: no packages for country ${c}`);
      if (!costs || !packages) continue;
      // the cheapest message a member can buy is the minimum the site states, in the same currency
      const cheapest = Math.min(
        ...PACKAGE_TIERS.map((id) => pricePerMessage(packages[id].price, packages[id].credits, effective.message_credits)),
      );
      if (costs.currency !== packages.currency)
        problems.push(
          `${file}: settings.minimum_message_costs.${c}.currency: ${costs.currency} but the packages sell in ${packages.currency}`,
        );
      else if (costs.costs !== cheapest)
        problems.push(
          `${file}: settings.minimum_message_costs.${c}.costs: ${costs.costs} but the cheapest package makes a message ${cheapest}`,
        );
    }
    for (const p of paletteProblems(t.theme)) problems.push(`${file}: theme.palette: ${p}`);
    tenants.push(t);
  }
  const indexed = indexRegistry(tenants, companiesResult.data ?? []);
  problems.push(...indexed.problems);
  if (problems.length) throw new Error(`Invalid tenant configuration:\n${problems.join('\n')}`);
  return indexed.registry;
}
