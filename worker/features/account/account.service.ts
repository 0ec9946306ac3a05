import type { Context } from 'hono';
import type { Locale } from '../../../tenants/schema';
import type { Member } from '../../domain/members';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { newToken, tokenHash } from '../../lib/crypto';
import { queueMail, renderMail, type MailKind } from '../../lib/mail';
import { tenantBySlug } from '../../lib/tenants';
import { insertToken, type TokenKind } from './account.queries';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const LINK_PATHS: Record<MailKind, string> = {
  activate: '/api/activate.php',
  reset: '/reset-password/do',
  mail_change: '/mail-change/do',
  reactivate: '/reactivate',
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
  const origin = site.slug === c.get('tenant').slug ? url.origin : `https://${site.domains[0]!.host}`;
  const locale = (site.locales as string[]).includes(member.language) ? (member.language as Locale) : site.default_locale;
  const mail = renderMail(locale, kind, {
    name: member.name,
    site_name: site.name,
    domain: site.domains[0]!.host,
    link: `${origin}${LINK_PATHS[kind]}?token=${token}`,
  });
  c.set('mailQueued', true);
  return [
    insertToken(db, await tokenHash(token), member.id, kind, clock.now(), ttlMs, opts.data),
    queueMail(db, { memberId: member.id, site: site.slug, to: opts.to ?? member.email, kind, ...mail }),
  ] as const;
}
