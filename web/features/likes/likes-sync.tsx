import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIKES_FIRST_REFRESH_MS, LIKES_REFRESH_MS, refreshLikes, useLikes } from '../../lib/calls/get-likes';
import { badgeCount, titleWithCount } from './likes.rules';

/** Unread messages come with the chat; until then the badge counts the new likes only. */
const UNREAD_MESSAGES = 0;

type BadgeNavigator = Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** navigator.setAppBadge / clearAppBadge where supported; a failure is ignored (spec section 8). */
export function setAppBadge(count: number) {
  const nav = navigator as BadgeNavigator;
  try {
    const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
    void done?.catch(() => {});
  } catch {
    /* unsupported or refused: ignored */
  }
}

/**
 * Keeps "(N) " in front of the page title. Screens set their own <title> (React hoists it), so a
 * change of the head's titles re-applies the count.
 */
function useCountInTitle(count: number) {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithCount(document.title, 0);
    };
  }, [count]);
}

/**
 * A logged-in member's background work (spec sections 4 and 9): the likes refresh every 60 s,
 * the first 5 s after mount (in background tabs too: the title shows the count); the page title
 * and app badge show unread messages plus new likes. A logout empties the cache (lib/query-client).
 */
export function LikesSync() {
  const client = useQueryClient();
  const [started, setStarted] = useState(false);
  const likes = useLikes({ enabled: started, refetchInterval: LIKES_REFRESH_MS });
  const count = badgeCount(UNREAD_MESSAGES, likes.data?.newLikes ?? 0);

  useEffect(() => {
    const first = setTimeout(() => {
      void refreshLikes(client);
      setStarted(true);
    }, LIKES_FIRST_REFRESH_MS);
    return () => clearTimeout(first);
  }, [client]);

  useCountInTitle(count);
  useEffect(() => setAppBadge(count), [count]);
  useEffect(() => () => setAppBadge(0), []);
  return null;
}
