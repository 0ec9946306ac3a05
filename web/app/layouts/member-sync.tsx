import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { badgeCount, setAppBadge, useCountInTitle } from '../../lib/app-badge';
import { CHATS_REFRESH_MS, refreshChats, useChats } from '../../lib/calls/get-chats';
import { LIKES_REFRESH_MS, refreshLikes, useLikes } from '../../lib/calls/get-likes';
import { useSettings } from '../../lib/boot';
import { afterIdle } from '../../lib/idle';
import { liveStore, startLive } from '../../lib/live';
import { watchPageHidden } from '../../lib/page-hidden';
import { checkPush, PUSH_REFRESH_MS, pushStore } from '../../lib/push';
import { refresh as refreshUser } from '../../lib/session';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';

/** Spec section 9: the first refresh 5 s after mount. */
export const FIRST_REFRESH_MS = 5_000;

/** Spec section 9: the data refresh, every 60 s, or every 300 s when this browser gets pushes. */
export const refreshInterval = (pushSubscribed: boolean, every: number) => (pushSubscribed ? PUSH_REFRESH_MS : every);

/**
 * A logged-in member's background work (spec sections 4, 7 and 9), in every layout: the live
 * connection, which keeps the chats, the open conversation and the balances current as events
 * arrive; likes refresh every 60 s (300 s while this browser gets pushes), and so do the user and
 * the chats while there is no live connection, the first time 5 s after mount (in background tabs too: the title shows the count),
 * without the progress bar; the page title and the app badge show unread messages plus new likes
 * (from the inlined user until the chats have loaded). A logout empties the cache (lib/query-client).
 */
export function MemberSync() {
  const client = useQueryClient();
  const [started, setStarted] = useState(false);
  const live = useStore(liveStore) === 'open';
  const { user } = useStore(sessionStore);
  const { push_public_key } = useSettings();
  const pushed = useStore(pushStore) === 'subscribed';
  const likes = useLikes({ enabled: started, refetchInterval: refreshInterval(pushed, LIKES_REFRESH_MS) });
  const chats = useChats({ enabled: started, refetchInterval: live ? false : refreshInterval(pushed, CHATS_REFRESH_MS) });
  const count = badgeCount(chats.data?.totalUnread ?? user?.unread_messages ?? 0, likes.data?.newLikes ?? 0);

  // the live connection and the push check start when the browser is idle after the page's commit: in the commit's
  // effects they made the returning member's take-over one long task (issue 32 §2)
  useEffect(() => afterIdle(() => startLive(client)), [client]);
  useEffect(() => watchPageHidden(), []);
  // the push state of this browser (and its subscription registered for this session)
  useEffect(() => afterIdle(() => void checkPush(push_public_key)), [push_public_key]);

  useEffect(() => {
    const first = setTimeout(() => {
      void refreshLikes(client);
      void refreshChats(client);
      setStarted(true);
    }, FIRST_REFRESH_MS);
    return () => clearTimeout(first);
  }, [client]);

  // without live events the balances and the session are checked every 60 s (spec section 9)
  useEffect(() => {
    if (!started || live) return;
    const timer = setInterval(() => void refreshUser({ background: true }), refreshInterval(pushed, CHATS_REFRESH_MS));
    return () => clearInterval(timer);
  }, [started, live, pushed]);

  useCountInTitle(count);
  useEffect(() => setAppBadge(count), [count]);
  useEffect(() => () => setAppBadge(0), []);
  return null;
}
