import type { SiteSettings } from './schema';

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
  support_email: 'support@example.com',
  enable_site_entry_popup: 'yes',
  search_fields: ['hair_colour', 'body_type', 'relationship_status'],
  visible_profile_fields: [
    'gender', 'sexuality', 'age', 'country', 'region', 'city', 'interests', 'hair_colour',
    'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'signup_reason', 'about_me',
  ],
  visible_profile_notes: false,
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
  mail_name: 'Dating',
  min_age: 18,
  free_conversations: 2,
  free_messages: 3,
  auto_like_minutes: [2, 60, 720, 1440],
};
