import { createStore } from '../../lib/store';
import type { SearchFilters } from './api/search-members';

/**
 * Spec section 3, "Search state": the filters, the page shown and the scroll position, kept in
 * a module store so that coming back from a profile restores the list where it was. This is UI
 * state; the answers (server state) are kept by React Query per filters and page (api/search-members.ts).
 */
export type SearchState = {
  /** Whose search it is (member id, 0 for a visitor): another session starts afresh. */
  owner: number | null;
  filters: SearchFilters | null;
  page: number;
  scrollY: number;
};

const EMPTY: SearchState = { owner: null, filters: null, page: 1, scrollY: 0 };
export const searchStore = createStore<SearchState>(EMPTY);

const update = (change: Partial<SearchState>) => searchStore.set({ ...searchStore.get(), ...change });

/** The search of `owner`: kept when it is theirs, else started with `defaults`. */
export function searchFor(owner: number, defaults: () => SearchFilters): SearchState {
  const state = searchStore.get();
  if (state.owner === owner && state.filters) return state;
  searchStore.set({ ...EMPTY, owner, filters: defaults() });
  return searchStore.get();
}

/** New filters: back to page 1. */
export const setFilters = (filters: SearchFilters) => update({ filters, page: 1, scrollY: 0 });

export const goToPage = (page: number) => update({ page, scrollY: 0 });

export const rememberScroll = (scrollY: number) => update({ scrollY });

export const resetSearch = () => searchStore.set(EMPTY);

/** A search made elsewhere (the match finder): the results start on page 1. */
export const startSearch = (owner: number, filters: SearchFilters) => searchStore.set({ owner, filters, page: 1, scrollY: 0 });
