import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { badgeCount, setAppBadge, useCountInTitle } from '../../lib/app-badge';
import { CHATS_REFRESH_MS, refreshChats, useChats } from '../../lib/calls/get-chats';
import { LIKES_REFRESH_MS, refreshLikes, useLikes } from '../../lib/calls/get-likes';

/** Spec section 9: the first refresh 5 s after mount. */
export const FIRST_REFRESH_MS = 5_000;

/**
 * A logged-in member's background work (spec sections 4, 7 and 9), in every layout: the chats
 * and likes refresh every 60 s, the first time 5 s after mount (in background tabs too: the title
 * shows the count), without the progress bar; the page title and the app badge show unread
 * messages plus new likes. A logout empties the cache (lib/query-client).
 */
export function MemberSync() {
  const client = useQueryClient();
  const [started, setStarted] = useState(false);
  const likes = useLikes({ enabled: started, refetchInterval: LIKES_REFRESH_MS });
  const chats = useChats({ enabled: started, refetchInterval: CHATS_REFRESH_MS });
  const count = badgeCount(chats.data?.totalUnread ?? 0, likes.data?.newLikes ?? 0);

  useEffect(() => {
    const first = setTimeout(() => {
      void refreshLikes(client);
      void refreshChats(client);
      setStarted(true);
    }, FIRST_REFRESH_MS);
    return () => clearTimeout(first);
  }, [client]);

  useCountInTitle(count);
  useEffect(() => setAppBadge(count), [count]);
  useEffect(() => () => setAppBadge(0), []);
  return null;
}
