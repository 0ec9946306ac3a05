import type { User } from '../../../worker/contracts/account';
import { MemberBanners } from '../../components/layout/member-banners';
import { LikeOverlayHost } from '../../features/likes/like-overlay-host';
import { seedActiveDiscount } from '../../lib/calls/get-discount';
import { QueryProvider } from '../../lib/query-client';
import { MemberSync } from './member-sync';

/**
 * The like overlay lives in the members-area chunk (it shares its look with the match overlay and
 * needs the members catalogue): loaded when it first opens, no chunk of its own.
 */
const loadOverlay = () => import('../member-screens').then((m) => m.loadMembersCatalogue().then(() => m.LikeOverlay));

// a member's /members page load carries the active discount: the welcome bonus banner's first render has it
seedActiveDiscount();

/** Everything the default layout adds for a logged-in member, in one lazy chunk: the banners and the like overlay (spec section 2). */
export function MemberLayer({ user, route }: { user: User; route: string | undefined }) {
  return (
    <QueryProvider>
      <MemberBanners user={user} route={route} />
      <LikeOverlayHost load={loadOverlay} />
    </QueryProvider>
  );
}

/**
 * The chats and likes refresh with the title and app badge: in this chunk too (one chunk for the
 * member's extras), but rendered by the app for every layout, so a change of layout (the chat's)
 * neither stops it nor starts it again.
 */
export function MemberSyncRoot() {
  return (
    <QueryProvider>
      <MemberSync />
    </QueryProvider>
  );
}
