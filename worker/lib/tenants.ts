import { companiesFile, tenantFiles } from '../../tenants';
import { DEFAULT_SETTINGS } from '../../tenants/defaults';
import { deployedHosts, indexRegistry } from '../../tenants/registry';
import { withDefaults, type Company, type SiteSettings, type Tenant, type TenantFile } from '../../tenants/schema';
import type { CompanyInfo } from '../contracts/site';

/**
 * Built once per isolate from the bundled files with their defaults applied, and no schema parse: the
 * files were checked where they change (the build, the deploy, `npm run tenants:check`, the unit tests),
 * so the start-up stays cheap (docs/decisions/194-start-up-without-validation.md). A host two sites claim
 * still fails the worker at start.
 */
export const registry = (() => {
  const tenants = Object.values(tenantFiles as Record<string, TenantFile>).map((f): Tenant => withDefaults(f));
  const { registry, problems } = indexRegistry(tenants, companiesFile as Company[]);
  if (problems.length) throw new Error(`Invalid tenant configuration:\n${problems.join('\n')}`);
  return registry;
})();

/** Lower-cases the Host header and strips the port; null for anything that is not a host. */
export function normalizeHost(raw: string | undefined): string | null {
  if (!raw || raw.length > 300) return null;
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(host) ? host : null;
}

/** A host only a developer's machine uses: `localhost`, `*.localhost` and loopback addresses. */
export const isLocalHost = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/**
 * The site of a host. Development hosts (`<slug>.localhost`, a site's `dev_hosts`, anything on
 * localhost) answer only when ENVIRONMENT is 'development': a deployed worker serves its domains.
 * Staging's site hosts (`<slug>.<company staging_domain>`) answer only when it is 'staging'.
 */
export function tenantForHost(host: string | null, environment: string | undefined) {
  if (!host) return null;
  if (environment === 'staging' && registry.stagingHosts.has(host)) return registry.stagingHosts.get(host)!;
  if (environment !== 'development' && (registry.devHosts.has(host) || isLocalHost(host))) return null;
  return registry.byHost.get(host) ?? null;
}
export const tenantBySlug = (slug: string) => registry.tenants.find((t) => t.slug === slug) ?? null;

/** The global settings with this site's overrides (an override left undefined keeps the default). */
export function siteSettings(tenant: Tenant): SiteSettings {
  const overrides = Object.fromEntries(Object.entries(tenant.settings).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_SETTINGS, ...overrides };
}

/** Spec section 9: the support phone is cleaned by removing dashes and spaces. */
export const cleanPhone = (phone: string) => phone.replace(/[\s-]/g, '');

/** Spec section 9: terms version date defaults to 2023-12-01 12:00 UTC, or the company's added date when later. */
export const DEFAULT_TERMS_DATE = '2023-12-01T12:00:00.000Z';
export function termsDate(company: Company): string {
  const added = new Date(company.added).toISOString();
  return added > DEFAULT_TERMS_DATE ? added : DEFAULT_TERMS_DATE;
}

/**
 * The origin a site's links point at where no request of that site names one (mail written by a
 * job, on another site's request or on the operator host; Twilio's status callback): its first
 * domain, or on a staging worker its staging host (`<slug>.<staging_domain>`), so staging's mail
 * never sends a member to production.
 */
export const siteOrigin = (site: Tenant, environment: string | undefined) =>
  `https://${environment === 'staging' ? deployedHosts(registry, site, 'staging')[0]! : site.domains[0]!.host}`;

/** A company's public details (footers, legal pages, companyinfo.php): everything but its configuration. */
export function companyInfo(company: Company): CompanyInfo {
  const { payment_provider: _provider, operator_hosts: _operatorHosts, staging_domain: _stagingDomain, ...info } = company;
  return { ...info, terms_date: termsDate(company) };
}

/** The language a domain speaks: its own, else the site's domain_language. */
export function domainLanguage(site: Tenant, host: string): string {
  return site.domains.find((d) => d.host === host)?.language ?? site.domain_language;
}
