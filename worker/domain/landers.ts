import { and, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { SiteSettings, Tenant } from '../../tenants/schema';
import {
  LANDER_PROFILES,
  LANDING_FACES,
  PUBLIC_PHOTO_MAX_RATIO,
  PUBLIC_PHOTO_MIN_SIDE,
  type FacesAnswer,
  type LanderAnswer,
  type PartnerTile,
} from '../contracts/landers';
import { members } from '../db/schema';
import type { Db } from '../lib/db';
import { wantedGender } from '../contracts/niches';
import { cardColumns, listed, toCard, visibleMembers } from './members';

/**
 * Who asks to search: a member (`memberId`), or a visitor, with `trafficSource` when the worker
 * recorded a traffic source on arrival (the TRAFFIC_COOKIE of lib/traffic, never a parameter) or
 * records it on this very page load (middleware/traffic searcherOf).
 */
export type Searcher = { memberId: number | null; trafficSource: boolean };

/**
 * Whether this searcher may search (spec section 6): members always; visitors where
 * logged_out_search allows it, and with logged_out_search_trafficsource only with a traffic source.
 */
export function maySearch(settings: SiteSettings, who: Searcher) {
  return who.memberId !== null || (settings.logged_out_search && (!settings.logged_out_search_trafficsource || who.trafficSource));
}

/**
 * Who may appear on a public page (the landers, the campaign pages, the landing page's faces;
 * docs/decisions/186-public-pages-show-fictional-and-consenting-members.md): a member a visitor of
 * this site may see (its niche, confirmed and visible, nobody blocked either way for a viewer),
 * listed (not restricted), not in invisible mode, of the gender the site's audience looks for (a
 * visitor's search: `wantedGender(niche, null)`), with an active main photo large enough for every
 * public tile (PUBLIC_PHOTO_MIN_SIDE), and either fictional
 * (shown with the site's label) or a member who allowed it (`public_consent_at`, off by default).
 */
export function publicMembers(f: { companyId: number; niche: number; viewerId: number | null }): SQL {
  const gender = wantedGender(f.niche, null);
  return and(
    visibleMembers(f.companyId, f.viewerId, f.niche),
    listed,
    eq(members.invisible, false),
    gender ? eq(members.gender, gender) : undefined,
    or(eq(members.fictional, true), isNotNull(members.publicConsentAt)),
    // a main photo no public tile draws upscaled (PUBLIC_PHOTO_MIN_SIDE)
    sql`EXISTS (SELECT 1 FROM photos WHERE photos.id = members.main_photo_id AND photos.status = 'active'
      AND photos.width >= ${PUBLIC_PHOTO_MIN_SIDE} AND photos.height >= ${PUBLIC_PHOTO_MIN_SIDE}
      AND ${PUBLIC_PHOTO_MAX_RATIO[1]} * MAX(photos.width, photos.height) <= ${PUBLIC_PHOTO_MAX_RATIO[0]} * MIN(photos.width, photos.height))`,
  )!;
}

/**
 * A public page's profiles (publicMembers), the visitor's country first, the newest first; `count`
 * of them, each person once and each first name once (a page of tiles reads "Sanne" twice as the
 * same person shown again). Up to three times `count` rows are read to find `count` names.
 */
export async function landerMembers(
  db: Db,
  f: { companyId: number; niche: number; viewerId: number | null; country: string },
  count: number,
) {
  const rows = await db
    .select(cardColumns)
    .from(members)
    .where(publicMembers(f))
    .orderBy(sql`${members.country} = ${f.country} DESC`, desc(members.createdAt), desc(members.id))
    .limit(count * 3);
  const names = new Set<string>();
  return rows.filter((r) => !names.has(r.name.toLocaleLowerCase()) && !!names.add(r.name.toLocaleLowerCase())).slice(0, count);
}

/** A campaign page's one profile: the member with this id if it may appear on a public page (publicMembers), else undefined. */
export const publicMember = (db: Db, f: { companyId: number; niche: number; viewerId: number | null }, id: number) =>
  db.query.members.findFirst({ where: and(eq(members.id, id), publicMembers(f)) });

/** A partner tile's link: the site's partner_url with the tile's kind and the site. */
function partnerLink(base: string, kind: PartnerTile['kind'], site: string) {
  const url = new URL(base);
  url.searchParams.set('kind', kind);
  url.searchParams.set('site', site);
  return url.toString();
}

/** What a lander's answer depends on: the site, its settings, the visitor's country and who asks. */
export type LanderRequest = { tenant: Tenant; settings: SiteSettings; country: string | null; searcher: Searcher };

/**
 * What GET /api/lander.php answers (profiles feature), and what the shell inlines into a lander's
 * prerendered page (shell feature): the profiles, or `null` where the logged-out search rules
 * refuse this visitor (403 authentication_required).
 */
export async function landerProfiles(db: Db, { tenant, settings, country, searcher }: LanderRequest): Promise<LanderAnswer | null> {
  // The lander shows profiles under the same rules as the search (spec section 6).
  if (!maySearch(settings, searcher)) return null;
  const rows = await landerMembers(
    db,
    {
      companyId: tenant.company_id,
      niche: tenant.niche,
      viewerId: searcher.memberId,
      country: country && settings.countries.includes(country) ? country : settings.countries[0]!,
    },
    LANDER_PROFILES,
  );
  // Partner tiles show none of this site's members: a marked tile that links out.
  const partner: PartnerTile[] =
    settings.member_resell && settings.partner_url
      ? (['cam', 'resell'] as const).map((kind) => ({ kind, url: partnerLink(settings.partner_url!, kind, tenant.slug) }))
      : [];
  const visible = settings.visible_profile_fields;
  return { profiles: rows.map((r) => toCard(r, visible)), partner };
}

/**
 * What GET /api/faces.php answers: the landing page's faces, by the landers' rule and the
 * logged-out search rules (`null`: refused, 403 authentication_required).
 */
export async function landingFaces(db: Db, { tenant, settings, country, searcher }: LanderRequest): Promise<FacesAnswer | null> {
  if (!maySearch(settings, searcher)) return null;
  const rows = await landerMembers(
    db,
    {
      companyId: tenant.company_id,
      niche: tenant.niche,
      viewerId: searcher.memberId,
      country: country && settings.countries.includes(country) ? country : settings.countries[0]!,
    },
    LANDING_FACES,
  );
  return { profiles: rows.map((r) => toCard(r, settings.visible_profile_fields)) };
}
