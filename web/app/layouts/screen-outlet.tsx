import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { RouteBoundary } from '../../components/ui/error-page';

/**
 * The outlet of a layout: errors stay inside the layout, lazy screens suspend without a flash.
 * A new path starts the screen over, unless the layout names what keeps it (`keep`: the chat keeps
 * its list while the conversation changes).
 */
export function ScreenOutlet({ keep }: { keep?: string }) {
  const { pathname } = useLocation();
  return (
    <RouteBoundary key={keep ?? pathname}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </RouteBoundary>
  );
}
