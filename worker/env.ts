import type { Company, Locale, Tenant } from '../tenants/schema';
import type { Member } from './features/account/account.queries';

export type Bindings = {
  DB: D1Database;
  PHOTOS: R2Bucket;
  ASSETS: Fetcher;
  /** 'development' locally (enables /dev pages); 'production' when deployed. */
  ENVIRONMENT: string;
  /** VAPID public key for Web Push (the private key is a secret, used by the push work). */
  VAPID_PUBLIC_KEY: string;
  /** Secret mixed into every password hash (wrangler secret; .dev.vars locally). */
  PASSWORD_PEPPER: string;
  /** 'dev' keeps mail in the outbox (readable at /dev/mail); 'http' posts it to MAIL_API_URL. */
  MAIL_ADAPTER?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** Secret of the operators' calls (photo approval); unset means those calls are refused. */
  OPERATOR_SECRET?: string;
};

export type Variables = {
  tenant: Tenant;
  company: Company;
  /** The host the request came in on (lower-case, without port). */
  host: string;
  /** Two-letter country from CF-IPCountry, else cf.country; null when unknown. */
  country: string | null;
  locale: Locale;
  t: (key: string, params?: Record<string, unknown>) => string;
  /** The logged-in member, loaded on first use by lib/session (undefined = not loaded yet). */
  member: Member | null | undefined;
  sessionHash: string | null;
  /** Set when the request queued mail, so it is handed to the mail adapter afterwards. */
  mailQueued: boolean;
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
