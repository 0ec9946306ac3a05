import { createStore } from '../../lib/store';
import type { SearchAnswer, SearchFilters } from './api/members';

/**
 * Spec section 3, "Search state": the filters, the page shown, the answers by page number and
 * the scroll position, kept in a module store so that coming back from a profile restores the
 * list where it was, without a new request.
 */
export type SearchState = {
  /** Whose search it is (member id, 0 for a visitor): another session starts afresh. */
  owner: number | null;
  filters: SearchFilters | null;
  page: number;
  pages: Record<number, SearchAnswer>;
  scrollY: number;
};

const EMPTY: SearchState = { owner: null, filters: null, page: 1, pages: {}, scrollY: 0 };
export const searchStore = createStore<SearchState>(EMPTY);

const update = (change: Partial<SearchState>) => searchStore.set({ ...searchStore.get(), ...change });

/** The search of `owner`: kept when it is theirs, else started with `defaults`. */
export function searchFor(owner: number, defaults: () => SearchFilters): SearchState {
  const state = searchStore.get();
  if (state.owner === owner && state.filters) return state;
  searchStore.set({ ...EMPTY, owner, filters: defaults() });
  return searchStore.get();
}

/** New filters: back to page 1, cached answers dropped. */
export const setFilters = (filters: SearchFilters) => update({ filters, page: 1, pages: {}, scrollY: 0 });

export const goToPage = (page: number) => update({ page, scrollY: 0 });

/** Keeps an answer, unless the filters changed while it was under way. */
export function putPage(filters: SearchFilters, page: number, answer: SearchAnswer) {
  const state = searchStore.get();
  if (state.filters !== filters) return;
  update({ pages: { ...state.pages, [page]: answer } });
}

export const rememberScroll = (scrollY: number) => update({ scrollY });

/** After a block (or unblock) the cached lists are wrong: they are fetched again, same filters and page. */
export const forgetResults = () => update({ pages: {}, scrollY: 0 });

export const resetSearch = () => searchStore.set(EMPTY);
