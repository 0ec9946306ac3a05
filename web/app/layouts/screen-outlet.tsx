import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteBoundary } from '../../components/ui/error-page';

/** The outlet of a layout: errors stay inside the layout, lazy screens suspend without a flash. */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteBoundary key={pathname}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </RouteBoundary>
  );
}
