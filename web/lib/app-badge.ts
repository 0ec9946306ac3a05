import { useEffect } from 'react';

/** Spec section 4: the app badge is the unread messages plus the new likes. */
export const badgeCount = (unreadMessages: number, newLikes: number) => Math.max(0, unreadMessages) + Math.max(0, newLikes);

const COUNT_PREFIX = /^\(\d+\)\s/;

/** Spec section 4: the page title shows the count in brackets, "(3) Title", and nothing at 0. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  return count > 0 ? `(${count}) ${base}` : base;
}

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
export function useCountInTitle(count: number) {
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
