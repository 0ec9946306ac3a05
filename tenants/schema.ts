import * as z from 'zod';
import { PACKAGE_TIERS } from '../worker/contracts/payments.values';
import { HERO_ARTS, NICHE_LOOKS, PALETTE_KEYS, SCHEMES, type HeroArt, type Palette, type Scheme } from '../worker/contracts/theme.values';

/** Locales the product ships a complete catalogue for (locales/<code>.json). */
export const SUPPORTED_LOCALES = ['nl', 'en', 'de', 'da', 'es', 'fi', 'fr', 'it', 'nb', 'pl', 'sv'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** Spec section 1: the language choices per country. */
export const COUNTRY_LOCALES: Record<string, string[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};
export const COUNTRIES = Object.keys(COUNTRY_LOCALES) as [string, ...string[]];

/** Niche numbers, see tenants/README.md. Slug prefix per niche ('' = none). */
export const NICHES = {
  1: { name: 'women', prefix: 'she' },
  2: { name: 'bdsm', prefix: 'bdsm' },
  3: { name: 'bbw', prefix: 'bbw' },
  4: { name: 'older-women', prefix: 'gilf' },
  5: { name: 'mature-women', prefix: 'milf' },
  6: { name: 'older-men', prefix: 'silver' },
  7: { name: 'gay', prefix: 'gay' },
} as const;
export type Niche = keyof typeof NICHES;

/** Slug locale codes: English maps to eng (spec section 1). */
export const slugLocale = (locale: string) => (locale === 'en' ? 'eng' : locale);

const host = z
  .string()
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/, 'a lower-case host name');
/** A host a deployed worker serves: never `localhost` or `*.localhost` (those are development's). */
const publicHost = host.refine((h) => h !== 'localhost' && !h.endsWith('.localhost'), 'a public host, not localhost or *.localhost');
const domainLanguage = z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'like nl_NL');
const locale = z.enum(SUPPORTED_LOCALES);
const country = z.enum(COUNTRIES);
const yesNo = z.enum(['yes', 'no']);
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/, 'a colour like #ff9900');
/** The brand colours of a site that names none (web/styles/theme.css.ts: the accent #f90). */
export const DEFAULT_THEME = { color: '#ff9900', background: '#ffffff' };

/**
 * A site's look in its file: every field optional, merged over its niche's default
 * (worker/contracts/theme.values.ts NICHE_LOOKS), so a new site without a theme looks finished.
 */
const themeFileSchema = z
  .object({
    /** The brand colour: the logo, the browser's theme colour, the installed app's icons; default the palette's primary. */
    color: hexColour.optional(),
    /** The installed app's splash screen; default white (a dark scheme: the palette's background). */
    background: hexColour.optional(),
    /** `light` or `dark` (the niche's by default): the page's color-scheme. */
    scheme: z.enum(SCHEMES).optional(),
    /** The landing page's hero art (the niche's by default). */
    hero: z.enum(HERO_ARTS).optional(),
    /** Any of the palette's colours (PALETTE_KEYS), over the niche's palette. */
    palette: z.partialRecord(z.enum(PALETTE_KEYS), hexColour).optional(),
  })
  .strict();
type ThemeFile = z.output<typeof themeFileSchema>;
export type SiteTheme = { color: string; background: string; scheme: Scheme; hero: HeroArt; palette: Palette };

/** The site's resolved look: its file's theme over its niche's default. */
export function resolveTheme(niche: Niche, theme: ThemeFile = {}): SiteTheme {
  const look = NICHE_LOOKS[niche];
  const palette = { ...look.palette, ...theme.palette };
  const scheme = theme.scheme ?? look.scheme;
  return {
    color: theme.color ?? palette.primary,
    background: theme.background ?? (scheme === 'dark' ? palette.background : '#ffffff'),
    scheme,
    hero: theme.hero ?? look.hero,
    palette,
  };
}

export const PROFILE_FIELDS = [
  'gender',
  'sexuality',
  'age',
  'country',
  'region',
  'city',
  'interests',
  'hair_colour',
  'eye_colour',
  'body_type',
  'relationship_status',
  'tattoos',
  'signup_reason',
  'about_me',
] as const;
export const SEARCH_FIELDS = ['hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'sexuality'] as const;

/** The environments a deploy puts the worker in (`npm run deploy -- --env staging|production`). */
export const DEPLOY_ENVIRONMENTS = ['staging', 'production'] as const;
export type DeployEnvironment = (typeof DEPLOY_ENVIRONMENTS)[number];

/** Payment providers a company may use (worker/lib/payments): `sim` only in development. */
export const PAYMENT_PROVIDERS = ['sim', 'mollie'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** What one text message costs with a package, in minor units: price / (credits / message_credits), rounded. */
const packageTier = z
  .object({
    credits: z.number().int().min(1).max(1_000_000),
    /** Integer minor units (cents) of the country's currency. */
    price: z.number().int().min(1).max(10_000_000),
    /** The ribbon's percentage, or null for none. */
    discount: z.number().int().min(1).max(99).nullable(),
    popular: z.boolean(),
  })
  .strict();

/**
 * One country's packages: its currency and the tiers p0 to p3. Exactly one tier is popular; p2
 * and p3 carry the spec's ribbons (red on p2, green on p3), and a ribbon never promises more
 * than the real saving per credit against p0.
 */
export const countryPackagesSchema = z
  .object({ currency: z.string().regex(/^[A-Z]{3}$/), p0: packageTier, p1: packageTier, p2: packageTier, p3: packageTier })
  .strict()
  .superRefine((p, ctx) => {
    const popular = PACKAGE_TIERS.filter((id) => p[id].popular);
    if (popular.length !== 1)
      ctx.addIssue({ code: 'custom', path: [], message: `exactly one tier must be popular (found ${popular.length})` });
    for (const id of ['p2', 'p3'] as const)
      if (p[id].discount === null) ctx.addIssue({ code: 'custom', path: [id, 'discount'], message: 'p2 and p3 carry a discount ribbon' });
    const base = p.p0.price / p.p0.credits;
    for (const id of PACKAGE_TIERS) {
      const { discount, credits, price } = p[id];
      const saving = (1 - price / credits / base) * 100;
      if (discount !== null && discount > Math.ceil(saving - 1e-9))
        ctx.addIssue({
          code: 'custom',
          path: [id, 'discount'],
          message: `${discount}% is more than the real saving against p0 (${saving.toFixed(1)}%)`,
        });
    }
  });
export type CountryPackages = z.infer<typeof countryPackagesSchema>;

/** Per-site overrides of the global settings (spec section 3, Settings). */
export const siteSettingsSchema = z
  .object({
    countries: z.array(country).min(1),
    cdn_prefix: z.string().min(1),
    message_credits: z.number().int().min(0),
    photo_credits: z.number().int().min(0),
    gift_credits: z.number().int().min(0),
    signup_credits: z.number().int().min(0),
    message_length: z.number().int().min(1).max(10000),
    /** Minimum price of one message per country, in minor units (cents) of the currency. */
    minimum_message_costs: z.partialRecord(country, z.object({ costs: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) })),
    /**
     * Credit packages per country (the whole record: a site that overrides it lists every one of
     * its countries). Served by GET /api/packages.php, not inlined with the settings.
     */
    packages: z.partialRecord(country, countryPackagesSchema),
    support_email: z.email(),
    enable_site_entry_popup: yesNo,
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    visible_profile_notes: z.boolean(),
    refund_days: z.number().int().min(0).max(365),
    signups: z.enum(['all', 'with_trafficsource', 'other']),
    logged_out_search: z.boolean(),
    logged_out_search_trafficsource: z.boolean(),
    member_resell: z.boolean(),
    /**
     * The partner address the cam and resell tiles link out to (member_resell); the tile adds
     * `kind` and `site` to its query. Required when member_resell is true.
     */
    partner_url: z.url({ protocol: /^https$/ }).nullable(),
    mail_name: z.string().min(1),
    min_age: z.number().int().min(18).max(99),
    /** Conversations a free member may start, and messages a free member sends without credits. */
    free_conversations: z.number().int().min(0).max(1000),
    free_messages: z.number().int().min(0).max(1000),
    /** Minutes after signup at which a fictional profile of the site likes a new member. */
    auto_like_minutes: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(60 * 24 * 14),
      )
      .max(10),
  })
  .strict();
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const tenantSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case'),
    name: z.string().min(1).max(60),
    niche: z.union([1, 2, 3, 4, 5, 6, 7].map((n) => z.literal(n)) as [z.ZodLiteral<1>, ...z.ZodLiteral<Niche>[]]),
    company_id: z.number().int().positive(),
    locales: z.array(locale).min(1),
    default_locale: locale,
    domain_language: domainLanguage,
    time_zone: z.string().min(1),
    /** Production domains; `language` overrides domain_language for that domain. */
    domains: z.array(z.object({ host: publicHost, language: domainLanguage.optional() }).strict()).min(1),
    /** Extra development hosts besides <slug>.localhost (only the main site: localhost, 127.0.0.1). */
    dev_hosts: z.array(host.or(z.literal('127.0.0.1'))).optional(),
    settings: siteSettingsSchema.partial().optional(),
    /**
     * The site's look (themeFileSchema): `color` fills its logo (the installed app's icons are made
     * from it, web/vite.config.ts) and is the browser's theme colour; `background` is the app's
     * splash screen; `scheme`, `hero` and `palette` paint the app. Resolved over the niche's default.
     */
    theme: themeFileSchema.optional(),
    /**
     * The address the site's mail comes from, on a domain onboarded to Email Sending; default
     * `noreply@` the first of `domains`.
     */
    mail_from: z.email().optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (!t.locales.includes(t.default_locale))
      ctx.addIssue({ code: 'custom', path: ['default_locale'], message: 'must be one of locales' });
    try {
      new Intl.DateTimeFormat('en', { timeZone: t.time_zone });
    } catch {
      ctx.addIssue({ code: 'custom', path: ['time_zone'], message: 'unknown IANA time zone' });
    }
  })
  .transform(withDefaults);
export type TenantFile = z.input<typeof tenantSchema>;
export type Tenant = z.output<typeof tenantSchema>;

/**
 * A site file with its defaults applied: no `dev_hosts` is none, no `settings` overrides nothing, the
 * theme resolved over the niche's look. The schema's last step, and all the worker does with a file: the
 * worker bundles files already checked by the schema (the build, the deploy, `npm run tenants:check`),
 * so its start-up parses nothing (docs/decisions/194-start-up-without-validation.md).
 */
export function withDefaults<T extends { niche: Niche; dev_hosts?: string[]; settings?: Partial<SiteSettings>; theme?: ThemeFile }>(t: T) {
  return { ...t, dev_hosts: t.dev_hosts ?? [], settings: t.settings ?? {}, theme: resolveTheme(t.niche, t.theme) };
}

/** The address a site's mail comes from: its `mail_from`, else noreply@ its first domain (the deploy subscribes to that domain's Email Sending events). */
export const senderAddress = (t: Pick<Tenant, 'mail_from' | 'domains'>) => t.mail_from ?? `noreply@${t.domains[0]!.host}`;

export const companySchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    address: z.string().min(1),
    zip: z.string().min(1),
    city: z.string().min(1),
    country: z.string().regex(/^[A-Z]{2}$/),
    kvk: z.string().min(1),
    tradenames: z.array(z.string().min(1)),
    vat_numbers: z.array(z.string().min(1)),
    support_phone: z.string().regex(/^\+?[0-9 -]{6,20}$/, 'digits, spaces and dashes'),
    /** Percentage discount offered to keep a member who is about to delete the account. */
    delete_discount: z.number().int().min(0).max(100),
    added: z.iso.datetime(),
    /** Who takes this company's payments; the PAYMENT_PROVIDER variable overrides it (sim in development). */
    payment_provider: z.enum(PAYMENT_PROVIDERS),
    /**
     * The operator console's host in each deployed environment: a Worker Custom Domain of that
     * environment and one of its OPERATOR_HOSTS (development uses operator.localhost).
     */
    operator_hosts: z.object({ staging: publicHost, production: publicHost }).strict(),
    /**
     * Staging serves each site of the company on `<slug>.<staging_domain>` (the production domains
     * belong to the production worker: a host is the Custom Domain of one worker only).
     */
    staging_domain: publicHost,
  })
  .strict()
  .superRefine((c, ctx) => {
    if (c.operator_hosts.staging === c.operator_hosts.production)
      ctx.addIssue({ code: 'custom', path: ['operator_hosts', 'staging'], message: 'staging and production need hosts of their own' });
  });
export const companiesSchema = z.array(companySchema).min(1);
export type Company = z.infer<typeof companySchema>;

/** Formats zod issues as "file: field.path: message" lines for operators. */
export function describeIssues(file: string, error: z.ZodError): string {
  return error.issues.map((i) => `${file}: ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}
