import type { Context } from 'hono';
import type { Locale } from '../../../tenants/schema';
import type { Member } from '../../domain/members';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hmacHex, newToken, tokenHash } from '../../lib/crypto';
import { minutesOf, RateLimited } from '../../lib/errors';
import { clientAddress } from '../../lib/limits';
import { secondsLeft } from '../../lib/rate-limit';
import { queueMail, renderMail, type MailKind } from '../../lib/mail';
import { siteOrigin, tenantBySlug } from '../../lib/tenants';
import { clearAttempts, insertToken, LOCK_MINUTES, MAX_ACCOUNT_ATTEMPTS, MAX_FAILED_LOGINS, takeAttemptStatements, type TokenKind } from './account.queries';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const LINK_PATHS: Record<Exclude<MailKind, 'photo_removed' | 'report_received' | 'decision' | 'report_outcome' | 'complaint_outcome'>, string> = {
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

/**
 * The lockout's keys for an address on this company's sites, known or not: the address as an
 * HMAC with the pepper (`rate_limits` holds no address), and this client (its connecting
 * address; `unknown` without one, as in the worker tests).
 */
export async function attemptKeys(c: Context<AppEnv>, companyId: number, email: string) {
  const account = `login:${(await hmacHex(c.env.PASSWORD_PEPPER, `${companyId}:${normalizeEmail(email)}`)).slice(0, 32)}`;
  return { account, pair: `${account}:${clientAddress(c) ?? 'unknown'}` };
}

/**
 * Takes one password attempt (a login, or the current password on a password or e-mail change)
 * before the password is checked. While this client, or the account as a whole, is locked it
 * throws 423 `too_many_attempts` with the minutes left (and `Retry-After`). Otherwise `failed()`
 * is what a wrong password answers: 423 with the whole LOCK_MINUTES when this attempt was the
 * last one allowed, else the call's own error; `succeeded()` forgets this client's failures.
 */
export async function takeAttempt(c: Context<AppEnv>, companyId: number, email: string) {
  const db = c.get('db');
  const now = clock.now();
  const keys = await attemptKeys(c, companyId, email);
  const [, , rows] = await db.batch(takeAttemptStatements(db, keys, now));
  const windowMs = LOCK_MINUTES * 60_000;
  const live = (key: string) => rows.find((r) => r.key === key && Date.parse(r.windowStart) > now.getTime() - windowMs);
  const pair = live(keys.pair);
  const account = live(keys.account);
  const over = [pair && pair.count > MAX_FAILED_LOGINS ? pair : null, account && account.count > MAX_ACCOUNT_ATTEMPTS ? account : null].filter((r) => r !== null);
  if (over.length) {
    const wait = Math.max(...over.map((r) => secondsLeft(r.windowStart, windowMs, now)));
    throw new RateLimited('too_many_attempts', wait, { minutes: minutesOf(wait) }, 423);
  }
  const last = pair?.count === MAX_FAILED_LOGINS || account?.count === MAX_ACCOUNT_ATTEMPTS;
  return {
    failed: (otherwise: Error) => (last ? new RateLimited('too_many_attempts', windowMs / 1000, { minutes: LOCK_MINUTES }, 423) : otherwise),
    succeeded: () => clearAttempts(db, keys),
    keys,
  };
}
