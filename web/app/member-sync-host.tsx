import { lazy, Suspense } from 'react';
import { withChunkReload } from '../lib/chunk-reload';
import { useStore } from '../lib/store';
import { sessionStore } from '../lib/user';

const MemberSyncRoot = lazy(withChunkReload(() => import('./layouts/member-layer').then((m) => ({ default: m.MemberSyncRoot }))));

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
