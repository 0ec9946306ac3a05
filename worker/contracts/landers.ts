import * as z from 'zod';
import { LANDERS } from './landers.values';
import type { MemberAnswer, MemberCard } from './profiles';
import { issue } from './errors';

export { LANDER_PROFILES, LANDERS, LANDING_FACES, PUBLIC_PHOTO_MAX_RATIO, PUBLIC_PHOTO_MIN_SIDE, type LanderName } from './landers.values';

/** GET /api/lander.php?name=: the profiles a lander shows (404 for an unknown lander). */
export const landerQuery = z.object({ name: z.enum(LANDERS, { error: issue('not_found_generic') }) }).strict();
export type LanderQuery = z.input<typeof landerQuery>;

/**
 * A partner tile (settings.member_resell): `cam` a live cam, `resell` a profile on a partner
 * site; it links out to the site's partner_url, never to a profile of this site.
 */
export type PartnerTile = { kind: 'cam' | 'resell'; url: string };

/**
 * The lander's profiles: visible members of the site's niche with a photo, the visitor's country
 * first (fictional ones carry `fictional`); `partner` tiles only where member_resell is on.
 * A visitor answers 403 authentication_required where the site's logged-out search rules refuse
 * them (the lander still shows its signup).
 */
export type LanderAnswer = { profiles: MemberCard[]; partner: PartnerTile[] };

/**
 * GET /api/campaign.php?id=: a campaign page's profile (/members/{id}/landing, /signup, /landing2,
 * /landing3), in member.php's shape with the main photo only, and only for a member who may appear
 * on a public page (fictional, or who allowed it; the gender the site's audience looks for):
 * 404 not_found_generic otherwise, as for an unknown id.
 */
export type CampaignAnswer = MemberAnswer;

/**
 * GET /api/faces.php: the landing page's faces (LANDING_FACES at most), under the landers' rule
 * (fictional or allowed, the sought gender, newest first, the visitor's country first) and the
 * logged-out search rules (403 authentication_required where a visitor may not search).
 */
export type FacesAnswer = { profiles: MemberCard[] };
