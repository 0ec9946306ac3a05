import { and, desc, eq, sql } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- transitional, see landerAnswer
import type { Context } from 'hono';
import type { SiteSettings, Tenant } from '../../tenants/schema';
import { LANDER_PROFILES, type LanderAnswer, type LanderName, type PartnerTile } from '../contracts/landers';
import { members } from '../db/schema';
import type { AppEnv } from '../env';
import type { Db } from '../lib/db';
import { hasTrafficSource } from '../lib/traffic';
import { cardColumns, toCard, visibleMembers } from './members';

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
 * A lander's profiles: visible members of the niche with an active main photo (not in invisible
 * mode), the visitor's country first, the newest first; `count` of them.
 */
export function landerMembers(db: Db, f: { companyId: number; niche: number; viewerId: number | null; country: string }, count: number) {
  return db
    .select(cardColumns)
    .from(members)
    .where(
      and(
        visibleMembers(f.companyId, f.viewerId, f.niche),
        eq(members.invisible, false),
        sql`EXISTS (SELECT 1 FROM photos WHERE photos.id = members.main_photo_id AND photos.status = 'active')`,
      ),
    )
    .orderBy(sql`${members.country} = ${f.country} DESC`, desc(members.createdAt))
    .limit(count);
}

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
 * @deprecated landerProfiles with the request's values (middleware/traffic searcherOf). This Hono
 * adapter only keeps worker/features/shell compiling while another branch changes the shell; it
 * goes when shell.routes.ts calls landerProfiles.
 */
export const landerAnswer = (c: Context<AppEnv>, _name: LanderName, viewer: { id: number } | null, arriving = false) =>
  landerProfiles(c.get('db'), {
    tenant: c.get('tenant'),
    settings: c.get('settings'),
    country: c.get('country'),
    searcher: { memberId: viewer?.id ?? null, trafficSource: arriving || hasTrafficSource(c) },
  });
