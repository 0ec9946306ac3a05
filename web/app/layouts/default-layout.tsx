import { Suspense } from 'react';
import { LazyFooter as Footer } from '../../components/layout/lazy-footer';
import { TopNav } from '../../components/layout/top-nav';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { withChunkReload } from '../../lib/chunk-reload';
import { loadAccountCatalogue } from '../../lib/i18n';
import { preloadable } from '../../lib/preloadable';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useRouteName } from '../routes';
import { SignupModalHost } from '../signup-modal-host';
import * as s from './layouts.css';
import { ScreenOutlet } from './screen-outlet';

/** Banners and the like overlay: one lazy chunk, for members only (the refresh and title count run app-wide: member-sync-host). */
const MemberLayer = preloadable(
  () => Promise.all([import('./member-layer'), loadAccountCatalogue()]).then(([m]) => m.MemberLayer),
  (load) => withChunkReload(load),
);
/** Loads the member layer ahead of the first render (a member's prerendered /members shows its banners already: main.tsx). */
export const preloadMemberLayer = () => MemberLayer.preload();

/** Top navigation, banners, content, footer with disclaimer, the entry warning, the signup modal and (members) the like modal. */
export function DefaultLayout() {
  const { user } = useStore(sessionStore);
  const route = useRouteName();
  return (
    <>
      <TopNav />
      {user && (
        <Suspense fallback={null}>
          <MemberLayer user={user} route={route} />
        </Suspense>
      )}
      <main className={s.main} id="main">
        <ScreenOutlet />
      </main>
      <Footer />
      <EntryWarning layout="default" route={route} />
      <SignupModalHost />
    </>
  );
}
