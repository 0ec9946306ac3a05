import type { User } from '../../../worker/contracts/account';
import { MemberBanners } from '../../components/layout/member-banners';
import { LikeOverlayHost } from '../../features/likes/like-overlay-host';
import { LikesSync } from '../../features/likes/likes-sync';
import { QueryProvider } from '../../lib/query-client';

/**
 * The like overlay lives in the members-area chunk (it shares its look with the match overlay and
 * needs the members catalogue): loaded when it first opens, no chunk of its own.
 */
const loadOverlay = () => import('../member-screens').then((m) => m.loadMembersCatalogue().then(() => m.LikeOverlay));

/**
 * Everything the default layout adds for a logged-in member, in one lazy chunk: the banners,
 * the likes refresh with the title and app badge, and the like overlay (spec section 2).
 */
export function MemberLayer({ user, route }: { user: User; route: string | undefined }) {
  return (
    <QueryProvider>
      <MemberBanners user={user} route={route} />
      <LikesSync />
      <LikeOverlayHost load={loadOverlay} />
    </QueryProvider>
  );
}
