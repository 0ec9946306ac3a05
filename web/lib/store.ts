import { useSyncExternalStore } from 'react';

export type Store<S> = { get: () => S; set: (next: S) => void; subscribe: (listener: () => void) => () => void };

/** A tiny external store for state the whole app shares (no data library in the first bundle). */
export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (Object.is(next, state)) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export const useStore = <S>(store: Store<S>) => useSyncExternalStore(store.subscribe, store.get, store.get);
