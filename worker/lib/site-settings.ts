import type { Settings } from '../contracts/site';
import { translator } from './i18n';
import { cleanPhone, domainLanguage, siteSettings } from './tenants';
import { COUNTRY_LOCALES, type Company, type Locale, type Tenant } from '../../tenants/schema';

export type SettingsInput = {
  tenant: Tenant;
  company: Company;
  host: string;
  locale: Locale;
  country: string | null;
  vapidPublicKey: string;
};

const names = new Map<string, Intl.DisplayNames>();
/**
 * A country's name in the language, made here once per locale and isolate (on first use, not at start-up): the browser
 * then builds no `Intl.DisplayNames` of its own for the search form, whose first one loaded the phone's ICU data inside
 * the members page's take-over (~30 ms of one task at a phone's CPU).
 */
function countryName(locale: string, code: string): string {
  let of = names.get(locale);
  if (!of) names.set(locale, (of = new Intl.DisplayNames([locale], { type: 'region' })));
  return of.of(code) ?? code;
}

const collators = new Map<string, Intl.Collator>();
/**
 * The site's countries with their names in the language, in the order of those names (the worker's collation, once per
 * locale and isolate): the browser shows them as they come. Sorting them there (a first `normalize` and a Unicode
 * property pattern, or a first `Intl.Collator`) loaded ICU data inside the members page's take-over (~14 ms at this
 * machine's full speed, ~80 at a phone's). Which country is the site's first stays the tenant's (`geoip_selected_country`).
 */
function namedCountries(locale: string, codes: string[]): Settings['countries'] {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator([locale])));
  const compare = collator.compare;
  return codes
    .map((code) => ({ code, locales: COUNTRY_LOCALES[code] ?? [], name: countryName(locale, code) }))
    .sort((a, b) => compare(a.name, b.name));
}

/** Every settings field of spec section 3 for one site, host, locale and visitor country. */
export function buildSettings({ tenant, company, host, locale, country, vapidPublicKey }: SettingsInput): Settings {
  const s = siteSettings(tenant);
  const t = translator(locale);
  const vars = { site_name: tenant.name };
  const selected = country && s.countries.includes(country) ? country : s.countries[0]!;
  return {
    name: tenant.name,
    slug: tenant.slug,
    index_title: t(`site.index_title.${tenant.niche}`, vars),
    description: t(`site.description.${tenant.niche}`, vars),
    niche: tenant.niche,
    company_id: tenant.company_id,
    locale,
    locales: tenant.locales,
    default_locale: tenant.default_locale,
    time_zone: tenant.time_zone,
    domain: host,
    domain_language: domainLanguage(tenant, host),
    countries: namedCountries(locale, s.countries),
    geoip_country: country,
    geoip_selected_country: selected,
    cdn_prefix: s.cdn_prefix,
    message_credits: s.message_credits,
    photo_credits: s.photo_credits,
    gift_credits: s.gift_credits,
    signup_credits: s.signup_credits,
    message_length: s.message_length,
    minimum_message_costs: s.minimum_message_costs,
    support_email: s.support_email,
    support_phone: cleanPhone(company.support_phone),
    support_phone_display: company.support_phone,
    enable_site_entry_popup: s.enable_site_entry_popup,
    push_public_key: vapidPublicKey,
    search_fields: s.search_fields,
    visible_profile_fields: s.visible_profile_fields,
    visible_profile_notes: s.visible_profile_notes,
    fictional_warning: t('fictional.warning'),
    fictional_singular: t('fictional.singular'),
    fictional_plural: t('fictional.plural'),
    refund_days: s.refund_days,
    signups: s.signups,
    logged_out_search: s.logged_out_search,
    logged_out_search_trafficsource: s.logged_out_search_trafficsource,
    member_resell: s.member_resell,
    mail_name: s.mail_name,
    min_age: s.min_age,
    free_conversations: s.free_conversations,
    free_messages: s.free_messages,
    theme_color: tenant.theme.color,
    hero: tenant.theme.hero,
  };
}

const cache = new Map<string, string>();

/**
 * The settings JSON, memoised per site, host, locale and country: settings change only with a
 * deploy, and the hot path is then one Map lookup.
 */
export function settingsJson(input: SettingsInput): string {
  const key = `${input.tenant.slug}|${input.host}|${input.locale}|${input.country ?? ''}`;
  let json = cache.get(key);
  if (json === undefined) {
    json = JSON.stringify(buildSettings(input));
    if (cache.size > 5000) cache.clear();
    cache.set(key, json);
  }
  return json;
}
