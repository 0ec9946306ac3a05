import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * What only the browser knows (a dismissal in localStorage, the installed app): `serverValue` in a
 * prerendered page (web/prerender.tsx, web/lander-prerender.tsx, web/members-ssr.tsx) and while React
 * hydrates one, `read()` in every render after, so hydration finds the markup it was sent. A page
 * rendered on the client reads it at once.
 *
 * A primitive, which React compares: where the browser's value is the page's (a browser tab is not
 * the installed app, a returning member answered the warning) the take-over renders nothing again. A
 * flag that turned true after hydration re-rendered each of its users synchronously, the lazy parts
 * under them hydrated in the same long task (issue 32 §2).
 */
export const useBrowserValue = <T extends string | number | boolean | null>(read: () => T, serverValue: T): T =>
  useSyncExternalStore(subscribe, read, () => serverValue);
