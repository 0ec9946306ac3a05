import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a prerendered page (web/prerender.tsx, web/lander-prerender.tsx) and while React
 * hydrates one (the landers' take-over, web/lander-main.tsx), true in every render after: what only
 * the browser knows (a dismissal in localStorage, the installed app) renders once the page is the
 * app's, so hydration finds the markup it was sent. A page rendered on the client is true at once.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
