import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry, deployedHosts, operatorHosts } from '../../tenants/registry';
import worker from '../../worker/index';
import { tenantForHost } from '../../worker/lib/tenants';

const registry = buildRegistry(tenantFiles, companiesFile);

/** The worker as a deploy configures it (scripts/deploy/config.ts): ENVIRONMENT and that environment's operator hosts. */
const deployed = (environment: 'staging' | 'production') => {
  const bindings = {
    ...env,
    ENVIRONMENT: environment,
    OPERATOR_HOSTS: operatorHosts(registry, environment).join(','),
    PAYMENT_PROVIDER: undefined,
  };
  return (url: string) => worker.fetch(new Request(url), bindings, createExecutionContext());
};

describe('staging', () => {
  const staging = deployed('staging');

  it('serves every site on <slug>.<staging_domain of its company>, the host a staging deploy attaches', async () => {
    for (const site of registry.tenants) {
      const [host] = deployedHosts(registry, site, 'staging');
      expect(host).toBe(`${site.slug}.${registry.companies.get(site.company_id)!.staging_domain}`);
      const res = await staging(`https://${host}/api/settings.php`);
      expect(res.status, host).toBe(200);
      expect(((await res.json()) as { slug: string }).slug, host).toBe(site.slug);
    }
  });

  it('staging hosts are no site in production or development', async () => {
    const host = deployedHosts(registry, registry.tenants[0]!, 'staging')[0]!;
    expect(tenantForHost(host, 'production')).toBeNull();
    expect(tenantForHost(host, 'development')).toBeNull();
    const res = await deployed('production')(`https://${host}/api/settings.php`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'unknown_site' });
  });

  it('behaves as production, not development: no development hosts, no /dev pages, no sim payments', async () => {
    const local = await staging('http://vonkje.localhost/api/settings.php');
    expect(local.status).toBe(404);
    expect(await local.json()).toMatchObject({ error: 'unknown_site' });
    expect((await staging('https://vonkje.staging.vonkmedia.nl/dev/mail.json')).status).toBe(404);
    expect((await staging('https://vonkje.staging.vonkmedia.nl/dev/sms')).status).toBe(404);
    expect(tenantForHost('127.0.0.1', 'staging')).toBeNull();
  });

  it("each environment's operator hosts answer the console's API (what the deploy's check asks), a site host does not", async () => {
    for (const environment of ['staging', 'production'] as const) {
      const fetchIn = deployed(environment);
      for (const host of operatorHosts(registry, environment)) {
        const res = await fetchIn(`https://${host}/api/operator/me.php`);
        expect(res.status, host).toBe(403);
        expect(await res.json(), host).toMatchObject({ error: 'authentication_required' });
      }
      const site = deployedHosts(registry, registry.tenants[0]!, environment)[0]!;
      expect((await fetchIn(`https://${site}/api/operator/me.php`)).status, site).toBe(404);
    }
    // development's operator.localhost is never an operator host when deployed
    const res = await deployed('production')('http://operator.localhost/api/operator/me.php');
    expect(res.status).toBe(404);
  });

  it("a company's public details leave its configuration out (operator hosts, staging domain, payment provider)", async () => {
    const res = await staging('https://vonkje.staging.vonkmedia.nl/api/companyinfo.php');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.name).toBe('Vonk Media B.V.');
    for (const key of ['operator_hosts', 'staging_domain', 'payment_provider']) expect(body).not.toHaveProperty(key);
  });
});

describe("links outside a site's own request", () => {
  it('point at the staging host on a staging worker, at the first domain in production: mail of a job or another site, Twilio’s status callback', async () => {
    const { siteOrigin, tenantBySlug } = await import('../../worker/lib/tenants');
    const vonkje = tenantBySlug('vonkje')!;
    expect(siteOrigin(vonkje, 'staging')).toBe('https://vonkje.staging.vonkmedia.nl');
    expect(siteOrigin(vonkje, 'production')).toBe('https://vonkje.nl');
    expect(siteOrigin(vonkje, 'development')).toBe('https://vonkje.nl');
    // a notification mail queued by a job on staging links to staging
    const { activeMember } = await import('./account-helpers');
    const { notifyLike } = await import('../../worker/domain/notifications');
    const { getDb } = await import('../../worker/lib/db');
    const [liker, liked] = [await activeMember(), await activeMember()];
    expect(
      await notifyLike({ ...env, ENVIRONMENT: 'staging' }, getDb(env.DB), { likerId: liker.id, likedId: liked.id, at: new Date() }),
    ).toBe(true);
    const mail = await env.DB.prepare("SELECT text, headers FROM mail_outbox WHERE to_address = ? AND kind = 'like'")
      .bind(liked.email)
      .first<{ text: string; headers: string }>();
    expect(mail!.text).toContain('https://vonkje.staging.vonkmedia.nl/likes/m/');
    expect(mail!.text).not.toContain('https://vonkje.nl');
    expect(mail!.headers).toContain('https://vonkje.staging.vonkmedia.nl/unsubscribe/');
    // Twilio calls the staging worker back
    const { sendSms } = await import('../../worker/lib/sms');
    let form: URLSearchParams | undefined;
    const send = (async (_url: string, init: RequestInit) => {
      form = new URLSearchParams(String(init.body));
      return new Response(JSON.stringify({ sid: `SM${'a'.repeat(32)}` }), { status: 201 });
    }) as unknown as typeof fetch;
    const row = { id: 1, site: 'vonkje', toNumber: '+31612345678', text: 'x', expiresAt: null } as Parameters<typeof sendSms>[1];
    await sendSms({ ...env, ENVIRONMENT: 'staging', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: 'Vonkje' }, row, send);
    expect(form!.get('StatusCallback')).toBe('https://vonkje.staging.vonkmedia.nl/hooks/sms-status');
  });
});
