import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';

/** Screens for members: a visitor (or a member logged out by a 403) goes to /login and back after. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { status } = useStore(sessionStore);
  const { pathname, search } = useLocation();
  if (status === 'loading') return null;
  if (status === 'out') return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  return children;
}
