import type { User } from '../../worker/contracts/account';
import { createStore } from './store';

/**
 * The logged-in member: the one piece of server state kept outside React Query. The worker
 * inlines it in the page (boot JSON) and the shell's navigation needs it at the first paint,
 * where React Query is not loaded yet. Calls that answer with a `user` put it here.
 * 'loading' until the first GET /api/user.php has answered.
 */
export type Session = { status: 'loading'; user: null } | { status: 'out'; user: null } | { status: 'in'; user: User };

export const sessionStore = createStore<Session>({ status: 'loading', user: null });

export function setUser(user: User | null) {
  sessionStore.set(user ? { status: 'in', user } : { status: 'out', user: null });
}
