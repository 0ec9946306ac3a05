import * as z from 'zod';
import { COUNTRIES, type Company, type Locale, type Niche, type SiteSettings } from '../../tenants/schema';
import type { InterestTag } from './profiles.values';
import type { HeroArt } from './theme.values';

/** GET /api/settings.php: `route` is accepted for compatibility; `domain` must be the request's host. */
export const settingsQuery = z.object({
  route: z.string().max(2048).startsWith('/').optional(),
  domain: z.string().max(253).optional(),
});

/** The settings object of spec section 3 for one site, host, locale and visitor country. */
export type Settings = {
  name: string;
  slug: string;
  index_title: string;
  description: string;
  niche: Niche;
  company_id: number;
  locale: Locale;
  locales: Locale[];
  default_locale: Locale;
  time_zone: string;
  domain: string;
  domain_language: string;
  /** The site's countries in its order, each with its name in the page's language (the search form and the signup's location show them without the browser's Intl data). */
  countries: { code: string; locales: string[]; name: string }[];
  geoip_country: string | null;
  geoip_selected_country: string;
  support_phone: string;
  support_phone_display: string;
  push_public_key: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  /** The brand colour (the logo, the browser's theme colour, the installed app's icons). */
  theme_color: string;
  /** The landing page's hero art (the site's look: worker/contracts/theme.values.ts; its colours come as CSS variables). */
  hero: HeroArt;
} & Pick<
  SiteSettings,
  | 'cdn_prefix'
  | 'message_credits'
  | 'photo_credits'
  | 'gift_credits'
  | 'signup_credits'
  | 'message_length'
  | 'minimum_message_costs'
  | 'support_email'
  | 'enable_site_entry_popup'
  | 'search_fields'
  | 'visible_profile_fields'
  | 'visible_profile_notes'
  | 'refund_days'
  | 'signups'
  | 'logged_out_search'
  | 'logged_out_search_trafficsource'
  | 'member_resell'
  | 'mail_name'
  | 'min_age'
  | 'free_conversations'
  | 'free_messages'
>;

/** GET /api/companyinfo.php (and the app shell's inlined company): the company's public details (not its payment provider). */
/** A company's public details: its configuration (payment provider, operator hosts, staging domain) stays out. */
export type CompanyInfo = Omit<Company, 'payment_provider' | 'operator_hosts' | 'staging_domain'> & { terms_date: string };
export type CompanyInfoAnswer = CompanyInfo & { support_phone_clean: string };

/** GET /api/interests.php: the fixed tags with labels in the member's language. */
export type Interest = { id: InterestTag; label: string };
export type InterestsAnswer = { interests: Interest[] };

/** GET /api/regions.php?country=XX */
export type Region = { code: string; name: string };
export type RegionsAnswer = { regions: Record<string, Region[]> };

/** GET /api/geocode.php?lat=&lon=: the nearest place in a supported country, or false; 429 slow_down. */
export const geocodeQuery = z.object({ lat: z.coerce.number().min(-90).max(90), lon: z.coerce.number().min(-180).max(180) });
export type GeocodeAnswer = false | { country: string; region: string | null; city: string };

/** GET /api/regions.php?country=XX (all supported countries without it). */
export const regionsQuery = z.object({ country: z.enum(COUNTRIES).optional() });
