import { STATIC_PAGE_TOKENS } from '../../../worker/contracts/site-paths';
import type legalNl from '../../../locales/legal/nl.json';
import type { Boot } from '../../lib/boot';
import { loadersOf } from '../../lib/i18n';

export type LegalCatalogue = typeof legalNl;
export type LegalPageKey = keyof LegalCatalogue;
export type LegalPage = LegalCatalogue[LegalPageKey];

/** Pages under /pages/{page}, and at the root by their token (/faq); pricing and complaints have routes of their own. */
export const PAGES_PATHS = STATIC_PAGE_TOKENS;

/** Legal texts in every locale of locales/legal/; a locale without its own reads the English text. */
const loaders = loadersOf(import.meta.glob<{ default: LegalCatalogue }>('../../../locales/legal/*.json'));
export const legalLocale = (locale: string) => (locale in loaders ? locale : 'en');
export const loadLegal = (locale: string) => loaders[legalLocale(locale)]!().then((m) => m.default);

/** The values the legal texts' {{placeholders}} take, from this site's settings and company. */
export function legalVars({ settings, company }: Boot, locale: string, dateLocale: string): Record<string, string | number> {
  const date = new Intl.DateTimeFormat(dateLocale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(company.terms_date));
  return {
    site_name: settings.name,
    domain: settings.domain,
    company_name: company.name,
    company_address: `${company.address}, ${company.zip}`,
    company_city: company.city,
    company_country: new Intl.DisplayNames([locale], { type: 'region' }).of(company.country) ?? company.country,
    company_kvk: company.kvk,
    company_vat: company.vat_numbers.join(', '),
    support_email: settings.support_email,
    support_phone: settings.support_phone_display,
    refund_days: settings.refund_days,
    terms_date: date,
    message_credits: settings.message_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
    signup_credits: settings.signup_credits,
    min_age: settings.min_age,
  };
}

export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(vars[name] ?? whole));
