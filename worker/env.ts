import type { Company, Locale, Tenant } from '../tenants/schema';

export type Bindings = {
  DB: D1Database;
  PHOTOS: R2Bucket;
  ASSETS: Fetcher;
  /** 'development' locally (enables /dev pages); 'production' when deployed. */
  ENVIRONMENT: string;
  /** VAPID public key for Web Push (the private key is a secret, used by the push work). */
  VAPID_PUBLIC_KEY: string;
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
};

export type AppEnv = { Bindings: Bindings; Variables: Variables };
