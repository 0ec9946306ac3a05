import { and, desc, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { LANDER_PROFILES, type LanderAnswer, type LanderName, type PartnerTile } from '../contracts/landers';
import { members } from '../db/schema';
import type { AppEnv } from '../env';
import type { Db } from '../lib/db';
import { hasTrafficSource } from '../lib/traffic';
import { cardColumns, toCard, visibleMembers, type Member } from './members';

/**
 * Whether this visitor may search (spec section 6): logged_out_search, and with
 * logged_out_search_trafficsource only when the worker recorded a traffic source on arrival
 * (shell: TRAFFIC_COOKIE), never a parameter. Members (`viewer`) always may. `arriving`: the
 * shell's own page load that records the source now (its cookie comes back only with the next request).
 */
export function maySearch(c: Context<AppEnv>, viewer: Member | null, arriving = false) {
  const settings = c.get('settings');
  return !!viewer || (settings.logged_out_search && (!settings.logged_out_search_trafficsource || arriving || hasTrafficSource(c)));
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

/**
 * What GET /api/lander.php answers (profiles feature), and what the shell inlines into a lander's
 * prerendered page (shell feature): the profiles, or `null` where the logged-out search rules
 * refuse this visitor (403 authentication_required).
 */
export async function landerAnswer(c: Context<AppEnv>, _name: LanderName, viewer: Member | null, arriving = false): Promise<LanderAnswer | null> {
  // The lander shows profiles under the same rules as the search (spec section 6).
  if (!maySearch(c, viewer, arriving)) return null;
  const settings = c.get('settings');
  const tenant = c.get('tenant');
  const country = c.get('country');
  const rows = await landerMembers(
    c.get('db'),
    { companyId: tenant.company_id, niche: tenant.niche, viewerId: viewer?.id ?? null, country: country && settings.countries.includes(country) ? country : settings.countries[0]! },
    LANDER_PROFILES,
  );
  // Partner tiles show none of this site's members: a marked tile that links out.
  const partner: PartnerTile[] =
    settings.member_resell && settings.partner_url ? (['cam', 'resell'] as const).map((kind) => ({ kind, url: partnerLink(settings.partner_url!, kind, tenant.slug) })) : [];
  const visible = settings.visible_profile_fields;
  return { profiles: rows.map((r) => toCard(r, visible)), partner };
}
