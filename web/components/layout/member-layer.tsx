import { LikeOverlayHost } from '../../features/likes/like-overlay-host';
import { LikesSync } from '../../features/likes/likes-sync';
import type { User } from '../../lib/user';
import { MemberBanners } from './member-banners';

/**
 * Everything the default layout adds for a logged-in member, in one lazy chunk: the banners,
 * the likes refresh with the title and app badge, and the like overlay (spec section 2).
 */
export function MemberLayer({ user, route }: { user: User; route: string | undefined }) {
  return (
    <>
      <MemberBanners user={user} route={route} />
      <LikesSync />
      <LikeOverlayHost />
    </>
  );
}
