import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Locale } from '../../../tenants/schema';
import type { Member } from '../../domain/members';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, newToken, tokenHash } from '../../lib/crypto';
import { requestAddress } from '../../middleware/client';
import { deviceCookieOptions, deviceOf, LOGIN_LOCKOUT, newDeviceCookie, takeLockout, type LockoutKeys } from '../../lib/lockout';
import { queueMail, renderMail, type MailKind } from '../../lib/mail';
import { siteOrigin, tenantBySlug } from '../../lib/tenants';
import { insertToken, type TokenKind } from './account.queries';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const LINK_PATHS: Record<
  Exclude<MailKind, 'photo_removed' | 'report_received' | 'decision' | 'report_outcome' | 'complaint_outcome'>,
  string
> = {
  activate: '/api/activate.php',
  reset: '/reset-password/do',
  mail_change: '/mail-change/do',
  reactivate: '/reactivate',
  reconfirm: '/api/reconfirm.php',
};

/**
 * A single-use link mailed to the member, branded with the member's home site: the token and
 * the outbox row, to put into one batch with whatever they belong to.
 */
export async function mailedLink(
  c: Context<AppEnv>,
  member: Pick<Member, 'id' | 'name' | 'email' | 'homeSite' | 'language'>,
  kind: TokenKind & MailKind,
  ttlMs: number,
  opts: { to?: string; data?: string } = {},
) {
  const db = c.get('db');
  const token = newToken();
  const site = tenantBySlug(member.homeSite) ?? c.get('tenant');
  const url = new URL(c.req.url);
  const origin = site.slug === c.get('tenant').slug ? url.origin : siteOrigin(site, c.env.ENVIRONMENT);
  const locale = (site.locales as string[]).includes(member.language) ? (member.language as Locale) : site.default_locale;
  const mail = renderMail(locale, kind, {
    name: member.name,
    site_name: site.name,
    domain: site.domains[0]!.host,
    theme: site.theme,
    link: `${origin}${LINK_PATHS[kind]}?token=${token}`,
  });
  c.set('mailQueued', true);
  return [
    insertToken(db, await tokenHash(token), member.id, kind, clock.now(), ttlMs, opts.data),
    queueMail(db, { memberId: member.id, site: site.slug, to: opts.to ?? member.email, kind, ...mail }),
  ] as const;
}

/** The device cookie of the members' lockout (lib/lockout): given out by a successful login, valid for that account only. */
export const DEVICE_COOKIE = 'did';

/**
 * The lockout's keys for an address on this company's sites, known or not: the address as an
 * HMAC with the pepper (`rate_limits` holds no address), this client's connecting address
 * (`unknown` without one, as in the worker tests), and the device when the browser carries a
 * device cookie of this account.
 */
export async function attemptKeys(c: Context<AppEnv>, companyId: number, email: string): Promise<LockoutKeys> {
  const account = `login:${(await hmacHex(c.env.PASSWORD_PEPPER, `${companyId}:${normalizeEmail(email)}`)).slice(0, 32)}`;
  return {
    account,
    address: requestAddress(c) ?? 'unknown',
    device: await deviceOf(c.env.PASSWORD_PEPPER, account, readCookie(c, DEVICE_COOKIE)),
  };
}

const readCookie = (c: Context<AppEnv>, name: string) => {
  try {
    return getCookie(c, name);
  } catch {
    return undefined;
  }
};

/**
 * Takes one password attempt (a login, or the current password on a password or e-mail change)
 * before the password is checked (lib/lockout, LOGIN_LOCKOUT). `remember()` after a right
 * password gives this browser the account's device cookie, which no other client's failures lock.
 */
export async function takeAttempt(c: Context<AppEnv>, companyId: number, email: string) {
  const keys = await attemptKeys(c, companyId, email);
  const attempt = await takeLockout(c.get('db'), keys, LOGIN_LOCKOUT, clock.now());
  return {
    ...attempt,
    keys,
    remember: async () => {
      if (!attempt.knownDevice)
        setCookie(
          c,
          DEVICE_COOKIE,
          await newDeviceCookie(c.env.PASSWORD_PEPPER, keys.account),
          deviceCookieOptions(new URL(c.req.url).protocol === 'https:'),
        );
    },
  };
}
