import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ProgressBar } from '../components/ui/progress-bar';
import { RouteBoundary } from '../components/ui/error-page';
import { MemberSyncHost } from './member-sync-host';
import { AppRoutes } from './router';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/**
 * A page the worker sent prerendered (#root[data-prerendered], the visitor's landing page) is the
 * app's own after its first commit: the marker goes, and web/public/start.js hears it (`app:ready`)
 * and replays a click or choice made on the markup before.
 */
function TakeOver() {
  useEffect(() => {
    const root = document.getElementById('root');
    if (!root?.hasAttribute('data-prerendered')) return;
    root.removeAttribute('data-prerendered');
    window.dispatchEvent(new Event('app:ready'));
  }, []);
  return null;
}

export function Root() {
  return (
    <>
      <ProgressBar />
      <ScrollToTop />
      <TakeOver />
      <RouteBoundary>
        <MemberSyncHost />
        <AppRoutes />
      </RouteBoundary>
    </>
  );
}
