import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import type { ApiFailure } from './http';
import { sessionStore } from './user';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiFailure;
  }
}

/**
 * Server data is loaded once and kept for the session, as the spec's calls ask ("each loaded
 * once"); what must be fresher says so where it is defined: the likes refresh
 * (refetchInterval), gcTime 0 for screens that load on every visit, cache updates after a
 * change. apiRequest already retries network errors and 5xx, so React Query does not retry.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
  },
});

// Another member's data never shows: a logout, a login or a change of member empties the cache
// (and silently drops what was under way for the previous one).
let member = sessionStore.get().user?.id ?? null;
sessionStore.subscribe(() => {
  const id = sessionStore.get().user?.id ?? null;
  if (id === member) return;
  member = id;
  queryClient.clear();
});

export { dataOf } from './http';

/**
 * The query client for a lazily loaded screen or layer. React Query is not in the first bundle
 * (the landing page's JS budget), so there is no provider at the root: each lazy root that reads
 * server data renders one, all sharing this one client and cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export const withQueries =
  <P extends object>(Screen: ComponentType<P>) =>
  (props: P) => (
    <QueryProvider>
      <Screen {...props} />
    </QueryProvider>
  );
