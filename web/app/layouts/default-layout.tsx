import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { ScreenOutlet } from './screen-outlet';
import { Footer } from '../../components/layout/footer';
import { TopNav } from '../../components/layout/top-nav';
import { EntryWarning } from '../../features/entry-warning/entry-warning';
import { withChunkReload } from '../../lib/chunk-reload';
import { loadAccountCatalogue } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { routeName } from '../routes';
import { SignupModalHost } from '../signup-modal-host';
import * as s from './layouts.css';

const MemberBanners = lazy(
  withChunkReload(() =>
    Promise.all([import('../../components/layout/member-banners'), loadAccountCatalogue()]).then(([m]) => ({ default: m.MemberBanners })),
  ),
);

/** Top navigation, banners, content, footer with disclaimer, the entry warning and the signup modal. */
export function DefaultLayout() {
  const { user } = useStore(sessionStore);
  const route = routeName(useLocation().pathname);
  return (
    <>
      <TopNav />
      {user && (
        <Suspense fallback={null}>
          <MemberBanners user={user} route={route} />
        </Suspense>
      )}
      <main className={s.main} id="main">
        <ScreenOutlet />
      </main>
      <Footer />
      <EntryWarning layout="default" />
      <SignupModalHost />
    </>
  );
}
