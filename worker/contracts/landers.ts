import { z } from 'zod';
import { LANDERS } from './landers.values';
import type { MemberCard } from './profiles';
import { issue } from './errors';

export { LANDER_PROFILES, LANDERS, type LanderName } from './landers.values';

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
