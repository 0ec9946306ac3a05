import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ProgressBar } from '../components/ui/progress-bar';
import { RouteBoundary } from '../components/ui/error-page';
import { MemberSyncHost } from './member-sync-host';
import { TakeOver } from '../lib/take-over';
import { AppRoutes } from './router';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
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
