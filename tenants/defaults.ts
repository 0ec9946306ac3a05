import { PROFILE_FIELDS, type CountryPackages, type SiteSettings } from './schema';

/**
 * The shipped price list in one currency: 50, 120, 250 and 500 credits, p2 popular, ribbons of
 * 20% (p2) and 25% (p3). With 2 credits a message, p3's price per message is the country's
 * `minimum_message_costs` (the registry checks that they agree).
 */
const tiers = (currency: string, [p0, p1, p2, p3]: [number, number, number, number]): CountryPackages => ({
  currency,
  p0: { credits: 50, price: p0, discount: null, popular: false },
  p1: { credits: 120, price: p1, discount: null, popular: false },
  p2: { credits: 250, price: p2, discount: 20, popular: true },
  p3: { credits: 500, price: p3, discount: 25, popular: false },
});
const EUR = tiers('EUR', [1495, 2995, 5995, 11250]);

/** Global settings; each tenant file may override any of them (tenants/<slug>.json "settings"). */
export const DEFAULT_SETTINGS: SiteSettings = {
  countries: ['NL'],
  cdn_prefix: '/media/',
  message_credits: 2,
  photo_credits: 4,
  gift_credits: 10,
  signup_credits: 10,
  message_length: 1000,
  minimum_message_costs: {
    NL: { costs: 45, currency: 'EUR' },
    BE: { costs: 45, currency: 'EUR' },
  },
  // every country a shipped site sells in; a site may override the whole record
  packages: {
    NL: EUR,
    BE: EUR,
    DE: EUR,
    AT: EUR,
    IE: EUR,
    FR: EUR,
    IT: EUR,
    ES: EUR,
    FI: EUR,
    CH: tiers('CHF', [1695, 3395, 6795, 12250]),
    PL: tiers('PLN', [6495, 12995, 25995, 48500]),
    DK: tiers('DKK', [10995, 21995, 43995, 82500]),
    SE: tiers('SEK', [16995, 33995, 67995, 127500]),
    NO: tiers('NOK', [17495, 34995, 69995, 131250]),
    GB: tiers('GBP', [1295, 2595, 5195, 9750]),
    AU: tiers('AUD', [2495, 4995, 9995, 18750]),
    NZ: tiers('NZD', [2695, 5395, 10795, 19750]),
    CA: tiers('CAD', [2195, 4395, 8795, 16250]),
    US: tiers('USD', [1695, 3395, 6795, 12250]),
  },
  support_email: 'support@example.com',
  enable_site_entry_popup: 'yes',
  search_fields: ['hair_colour', 'body_type', 'relationship_status'],
  visible_profile_fields: [...PROFILE_FIELDS],
  visible_profile_notes: false,
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
  partner_url: null,
  mail_name: 'Dating',
  min_age: 18,
  free_conversations: 2,
  free_messages: 3,
  auto_like_minutes: [2, 60, 720, 1440],
};
