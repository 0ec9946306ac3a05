import type { User } from '../../worker/contracts/account';
import { api } from './request';
import { sessionStore, setUser } from './user';

/** Reloads the current user; a visitor (403 authentication_required) is simply logged out. */
export async function refresh({ background = false }: { background?: boolean } = {}): Promise<User | null> {
  const res = await api.get('/api/user.php', { background });
  if (res.ok) {
    setUser(res.data.user);
    return res.data.user;
  }
  // A network or server failure keeps a known user; only the very first load falls back to visitor.
  if (res.status === 401 || res.status === 403 || sessionStore.get().status === 'loading') setUser(null);
  return sessionStore.get().user;
}

/**
 * GET /api/logout.php; the session store then forgets the member (and the query cache with it).
 * This browser's push subscription goes first (loaded only then: lib/push-forget is not in the first bundle),
 * and the installed app's cached page after.
 */
export async function logout() {
  // the live connection stops reconnecting first (lib/live.ts): the session is about to end
  window.dispatchEvent(new Event('app:logout'));
  await import('./push-forget').then((push) => push.forgetPush()).catch(() => {});
  await api.get('/api/logout.php');
  // the service worker's app shell carries the member's `user` (web/sw.ts, SHELL_CACHE)
  await globalThis.caches?.delete('shell-1').catch(() => false);
  setUser(null);
}
