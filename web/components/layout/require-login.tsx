import { Fragment, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';

/**
 * Screens for members: a visitor (or a member logged out by a 403) goes to /login and back after.
 * Another member gets the screen afresh (keyed), never what was loaded for the previous one.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { status, user } = useStore(sessionStore);
  const { pathname, search } = useLocation();
  if (status === 'loading') return null;
  if (status === 'out') return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  return <Fragment key={user.id}>{children}</Fragment>;
}
