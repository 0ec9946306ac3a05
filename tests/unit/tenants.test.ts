import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { companiesFile, tenantFiles } from '../../tenants';
import { buildRegistry } from '../../tenants/registry';
import { DEFAULT_SETTINGS } from '../../tenants/defaults';
import { COUNTRY_LOCALES, NICHES, slugLocale, SUPPORTED_LOCALES } from '../../tenants/schema';
import { pricePerMessage } from '../../worker/contracts/payments.values';
import { PACKAGE_TIERS } from '../../worker/contracts/payments.values';
import { VAT_RATES } from '../../worker/domain/payments';

const onDisk = readdirSync('tenants').filter((f) => f.endsWith('.json') && f !== 'companies.json');
const load = (f: string) => JSON.parse(readFileSync(`tenants/${f}`, 'utf8')) as Record<string, unknown>;
const clone = <T>(v: T): T => structuredClone(v);

describe('tenant files', () => {
  it('every site file on disk is listed in tenants/index.ts and valid', () => {
    expect(Object.keys(tenantFiles).sort()).toEqual(onDisk.sort());
    const registry = buildRegistry(tenantFiles, companiesFile);
    expect(registry.tenants).toHaveLength(onDisk.length);
  });

  it('ships the main Dutch site, one site per other niche, a women\u2019s site per language of the spec and a niche site in another language', () => {
    const { tenants } = buildRegistry(tenantFiles, companiesFile);
    const main = tenants.find((t) => t.niche === 1 && t.default_locale === 'nl')!;
    expect(main.dev_hosts).toEqual(expect.arrayContaining(['localhost', '127.0.0.1']));
    for (const n of [2, 3, 4, 5, 6, 7] as const) {
      expect(tenants.map((t) => t.slug)).toContain(`${NICHES[n].prefix}-nl`);
    }
    // one she-<locale> site per language (English as eng), each selling in that language's countries of spec section 1
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'nl')) {
      const site = tenants.find((t) => t.slug === `she-${slugLocale(locale)}`);
      expect(site, locale).toBeDefined();
      expect(site!.default_locale).toBe(locale);
      for (const country of site!.settings.countries ?? [])
        expect(COUNTRY_LOCALES[country], `${site!.slug} sells in ${country}`).toContain(locale);
    }
    expect(tenants.some((t) => t.niche !== 1 && t.default_locale !== 'nl')).toBe(true);
  });

  it.each(onDisk)('%s: a broken field fails naming the file and the field', (file) => {
    const bad = { ...tenantFiles, [file]: { ...clone(load(file)), niche: 9 } };
    expect(() => buildRegistry(bad, companiesFile)).toThrow(new RegExp(`${file}: niche`));
  });

  it('rejects an unknown setting, a missing default locale, a bad time zone and a shared host', () => {
    const main = load('vonkje.json');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...main, settings: { ...(main.settings as object), colour: 'red' } }, /vonkje\.json: settings: Unrecognized key/],
      [{ ...main, default_locale: 'de' }, /vonkje\.json: default_locale: must be one of locales/],
      [{ ...main, time_zone: 'Mars/Olympus' }, /vonkje\.json: time_zone: unknown IANA time zone/],
      [{ ...main, company_id: 99 }, /vonkje\.json: company_id: no company 99/],
      [{ ...main, domains: [{ host: 'strengedates.nl' }] }, /domains: strengedates\.nl is already used/],
      [{ ...main, settings: { ...(main.settings as object), countries: ['NL', 'PL'] } }, /minimum_message_costs: no costs for country PL/],
    ];
    for (const [file, message] of cases) {
      expect(() => buildRegistry({ ...tenantFiles, 'vonkje.json': file }, companiesFile)).toThrow(message);
    }
  });

  it('packages: every sold country has them, in the currency of its message costs, the cheapest message at the stated minimum', () => {
    const { tenants } = buildRegistry(tenantFiles, companiesFile);
    for (const t of tenants) {
      const s = { ...DEFAULT_SETTINGS, ...t.settings };
      for (const c of s.countries) {
        const p = s.packages[c as keyof typeof s.packages]!;
        expect(p, `${t.slug} ${c}`).toBeDefined();
        expect(
          PACKAGE_TIERS.filter((id) => p[id].popular),
          `${t.slug} ${c}`,
        ).toEqual(['p2']);
        expect([p.p2.discount, p.p3.discount].every((d) => d !== null)).toBe(true);
        expect(p.currency).toBe(s.minimum_message_costs[c as keyof typeof s.minimum_message_costs]!.currency);
        expect(VAT_RATES[c], `VAT rate for ${c}`).toBeTypeOf('number');
      }
    }
    // the brief's euro prices: 45 cents a message at best with 2 credits a message
    expect(pricePerMessage(DEFAULT_SETTINGS.packages.NL!.p3.price, 500, 2)).toBe(45);
  });

  it('rejects packages that are missing, inconsistent with the message costs, or with wrong ribbons and flags', () => {
    const main = load('vonkje.json');
    const eur = clone(DEFAULT_SETTINGS.packages.NL!);
    const withPackages = (packages: unknown, extra: Record<string, unknown> = {}) => ({
      ...main,
      settings: { ...(main.settings as object), packages, ...extra },
    });
    const cases: [Record<string, unknown>, RegExp][] = [
      [withPackages({ NL: eur }), /vonkje\.json: settings\.packages: no packages for country BE/],
      [withPackages({ NL: eur, BE: { ...eur, currency: 'USD' } }), /minimum_message_costs\.BE\.currency: EUR but the packages sell in USD/],
      [
        withPackages({ NL: eur, BE: { ...eur, p3: { ...eur.p3, price: 9950 } } }),
        /minimum_message_costs\.BE\.costs: 45 but the cheapest package makes a message 40/,
      ],
      [
        withPackages({ NL: eur, BE: { ...eur, p1: { ...eur.p1, popular: true } } }),
        /settings\.packages\.BE: exactly one tier must be popular \(found 2\)/,
      ],
      [
        withPackages({ NL: eur, BE: { ...eur, p2: { ...eur.p2, discount: null } } }),
        /settings\.packages\.BE\.p2\.discount: p2 and p3 carry a discount ribbon/,
      ],
      [
        withPackages({ NL: eur, BE: { ...eur, p2: { ...eur.p2, discount: 40 } } }),
        /settings\.packages\.BE\.p2\.discount: 40% is more than the real saving/,
      ],
      [withPackages({ NL: eur, BE: { ...eur, p0: { ...eur.p0, price: 14.95 } } }), /settings\.packages\.BE\.p0\.price/],
      [withPackages({ NL: eur, BE: { ...eur, p4: eur.p0 } }), /settings\.packages\.BE: Unrecognized key/],
      // a site that charges more credits a message must raise its stated minimum too
      [
        withPackages({ NL: eur, BE: eur }, { message_credits: 3 }),
        /minimum_message_costs\.NL\.costs: 45 but the cheapest package makes a message 68/,
      ],
    ];
    for (const [file, message] of cases) {
      expect(() => buildRegistry({ ...tenantFiles, 'vonkje.json': file }, companiesFile)).toThrow(message);
    }
  });

  it('rejects a bad companies file naming the field', () => {
    const companies = clone(companiesFile) as Record<string, unknown>[];
    companies[0]!.added = 'yesterday';
    expect(() => buildRegistry(tenantFiles, companies)).toThrow(/companies\.json: 0\.added/);
    const provider = clone(companiesFile) as Record<string, unknown>[];
    provider[1]!.payment_provider = 'stripe';
    expect(() => buildRegistry(tenantFiles, provider)).toThrow(/companies\.json: 1\.payment_provider/);
  });

  it('npm run tenants:check passes on the shipped files and fails on a bad one, naming file and field', async () => {
    const { spawnSync } = await import('node:child_process');
    const { cpSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const check = (dir?: string) =>
      spawnSync('node_modules/.bin/tsx', ['scripts/tenants-check.ts'], {
        encoding: 'utf8',
        env: { ...process.env, ...(dir ? { TENANTS_DIR: dir } : {}) },
      });
    const ok = check();
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(new RegExp(`tenants: ${onDisk.length} sites valid`));

    const dir = mkdtempSync(`${tmpdir()}/tenants-`);
    cpSync('tenants', dir, { recursive: true });
    writeFileSync(`${dir}/bbw-nl.json`, JSON.stringify({ ...load('bbw-nl.json'), locales: ['xx'] }));
    writeFileSync(`${dir}/new-site.json`, '{ not json');
    const bad = check(dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/bbw-nl\.json: locales\.0:/);
    expect(bad.stderr).toMatch(/new-site\.json: \(file\): not valid JSON/);
  }, 30_000); // two runs of the script through tsx: seconds on busy cores

  it('npm run build refuses a bad tenant file before it builds anything, naming file and field', async () => {
    const { spawnSync } = await import('node:child_process');
    const { cpSync, mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/tenants-`);
    cpSync('tenants', dir, { recursive: true });
    writeFileSync(`${dir}/gay-nl.json`, JSON.stringify({ ...load('gay-nl.json'), time_zone: 'Mars/Olympus' }));
    const build = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', env: { ...process.env, TENANTS_DIR: dir } });
    expect(build.status).not.toBe(0);
    expect(build.stderr).toMatch(/gay-nl\.json: time_zone: unknown IANA time zone/);
    expect(build.stdout).not.toMatch(/vite v\d/);
  }, 30_000);
});

describe("the worker's registry", () => {
  it('is the checked registry: the bundled files with the defaults applied by plain code, no parse at start-up', async () => {
    const checked = buildRegistry(tenantFiles, companiesFile);
    const { registry } = await import('../../worker/lib/tenants');
    expect(registry.tenants).toEqual(checked.tenants);
    expect([...registry.companies]).toEqual([...checked.companies]);
    expect([...registry.byHost].map(([h, t]) => [h, t.slug])).toEqual([...checked.byHost].map(([h, t]) => [h, t.slug]));
    expect([...registry.devHosts]).toEqual([...checked.devHosts]);
    expect([...registry.stagingHosts].map(([h, t]) => [h, t.slug])).toEqual([...checked.stagingHosts].map(([h, t]) => [h, t.slug]));
  });

  it('never runs the schema: the worker\u2019s code imports no parse of a tenant file', () => {
    const source = readFileSync('worker/lib/tenants.ts', 'utf8');
    expect(source).not.toMatch(/buildRegistry|tenantSchema|companiesSchema|\.parse\(|safeParse/);
    expect(source).toMatch(/indexRegistry\(/);
  });
});
