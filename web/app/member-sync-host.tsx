import { Suspense } from 'react';
import { withChunkReload } from '../lib/chunk-reload';
import { preloadable } from '../lib/preloadable';
import { useStore } from '../lib/store';
import { sessionStore } from '../lib/user';

const MemberSyncRoot = preloadable(
  () => import('./layouts/member-layer').then((m) => m.MemberSyncRoot),
  (load) => withChunkReload(load),
);
/** Loads it ahead of a render that must not suspend (the worker's render of a member's /members: web/members-ssr.tsx). */
export const preloadMemberSync = () => MemberSyncRoot.preload();

/** A logged-in member's refresh of chats and likes, title count and app badge, whichever layout shows (one instance for the session). */
export function MemberSyncHost() {
  const { user } = useStore(sessionStore);
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <MemberSyncRoot key={user.id} />
    </Suspense>
  );
}
