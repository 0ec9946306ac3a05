import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { SUPPORTED_LOCALES, type Locale, type Tenant } from '../../tenants/schema';
import type { AppEnv } from '../env';
import { translator } from '../lib/i18n';
import { domainLanguage } from '../lib/tenants';

export const LOCALE_COOKIE = 'locale';

/**
 * Cloudflare sets CF-IPCountry from its geolocation and overwrites any client value; local
 * workerd fills cf.country with a placeholder, so the header comes first.
 */
export function requestCountry(header: string | undefined, cf: unknown): string | null {
  const fromCf = (cf as { country?: unknown } | undefined)?.country;
  for (const value of [header, fromCf]) {
    if (typeof value === 'string' && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
  }
  return null;
}

/** The locale cookie when the site offers it, else domain_language's language, else the default. */
export function resolveLocale(site: Tenant, host: string, cookie: string | undefined): Locale {
  const offered = (l: string | undefined): l is Locale =>
    !!l && (SUPPORTED_LOCALES as readonly string[]).includes(l) && site.locales.includes(l as Locale);
  if (offered(cookie)) return cookie;
  const fromDomain = domainLanguage(site, host).slice(0, 2);
  return offered(fromDomain) ? fromDomain : site.default_locale;
}

export const geo: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('country', requestCountry(c.req.header('cf-ipcountry'), c.req.raw.cf));
  let cookie: string | undefined;
  try {
    cookie = getCookie(c, LOCALE_COOKIE);
  } catch {
    cookie = undefined; // a malformed Cookie header counts as no cookie
  }
  const locale = resolveLocale(c.get('tenant'), c.get('host'), cookie);
  c.set('locale', locale);
  c.set('t', translator(locale));
  await next();
};
