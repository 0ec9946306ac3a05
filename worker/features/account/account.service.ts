import type { Context } from 'hono';
import type { Locale } from '../../../tenants/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { newToken, tokenHash } from '../../lib/crypto';
import { getDb, type Db } from '../../lib/db';
import { photoById, type Photo } from '../photos/photos.queries';
import { photoJson } from '../photos/photos.service';
import { queueMail, renderMail, type MailKind } from '../../lib/mail';
import { registry } from '../../lib/tenants';
import { insertToken, type Member, type TokenKind } from './account.queries';

export const ageOn = (birthDate: string, now: Date) => {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) age--;
  return age;
};

/** A JSON array column; anything else reads as empty. */
export function parseList(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The `user` object of spec section 3 for the member's own client. */
export function userJson(member: Member, mainPhoto: Photo | null) {
  const notificationsDisabled = parseList(member.notificationsDisabled);
  const image = mainPhoto && mainPhoto.status !== 'removed' ? photoJson(mainPhoto, member.mainPhotoId) : null;
  return {
    id: member.id,
    email: member.email,
    status: member.status === 'not_confirmed' ? 'not_confirmed' : 'active',
    credits: member.credits,
    paid_user: member.paidUser,
    signup_date: member.createdAt,
    notifications_disabled: notificationsDisabled,
    language: member.language,
    fictional_icon: member.fictional,
    signup_step: member.signupStep,
    push_permission: member.pushPermission,
    profile: {
      id: member.id,
      name: member.name,
      gender: member.gender,
      sexuality: member.sexuality,
      date_of_birth: member.birthDate,
      age: ageOn(member.birthDate, clock.now()),
      country: member.country,
      region: member.region,
      city: member.city,
      about_me: member.aboutMe,
      hair_colour: member.hairColour,
      eye_colour: member.eyeColour,
      body_type: member.bodyType,
      relationship_status: member.relationshipStatus,
      tattoos: member.tattoos,
      signup_reason: member.signupReason,
      interests: parseList(member.interests),
      status: member.profileStatus,
      main_image: image,
    },
  };
}

/** `{ user }` for the member's own client, with the main photo looked up. */
export async function userBody(c: Context<AppEnv>, member: Member) {
  const main = member.mainPhotoId ? ((await photoById(getDb(c.env.DB), member.mainPhotoId)) ?? null) : null;
  return { user: userJson(member, main) };
}

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
  db: Db,
  member: Pick<Member, 'id' | 'name' | 'email' | 'homeSite' | 'language'>,
  kind: TokenKind & MailKind,
  ttlMs: number,
  opts: { to?: string; data?: string } = {},
) {
  const token = newToken();
  const site = registry.tenants.find((t) => t.slug === member.homeSite) ?? c.get('tenant');
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
