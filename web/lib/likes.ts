import { useMemo } from 'react';
import type { MemberCard } from '../features/profiles/api/members';
import { apiRequest, type ApiResult } from './request';
import { createStore, useStore } from './store';
import { sessionStore } from './user';

/** GET /api/likes.php (contract likes-api.md; spec section 3 "Likes response"). */
export type LikesAnswer = {
  /** Every member appearing below, once. */
  profiles: MemberCard[];
  /** Who liked me: new likes first, then newest first. */
  liked_by: { id: number; like_new: boolean }[];
  /** Whom I liked, newest first. */
  liked: { id: number }[];
};

/**
 * The member's likes (spec section 3, chat store "likes"): a module store beside the session.
 * `owner` is the member the data belongs to; another member's (after a logout and login) is ignored.
 * `rev` counts local changes, so an answer that was under way during one does not undo it.
 */
export type LikesState = { owner: number | null; data: LikesAnswer | null; rev: number };
const EMPTY: LikesState = { owner: null, data: null, rev: 0 };
export const likesStore = createStore<LikesState>(EMPTY);

/** Spec section 9: data refresh every 60 s, the first one 5 s after mount. */
export const LIKES_REFRESH_MS = 60_000;
export const LIKES_FIRST_REFRESH_MS = 5_000;

const me = () => sessionStore.get().user?.id ?? null;
const mine = (state = likesStore.get()) => (state.owner !== null && state.owner === me() ? state.data : null);

let pending: Promise<boolean> | null = null;

/**
 * Loads the likes. The first load moves the progress bar; later ones (the periodic refresh, the
 * reload after the like overlay) run in the background (spec section 7).
 */
export function loadLikes(): Promise<boolean> {
  const owner = me();
  if (owner === null) return Promise.resolve(false);
  if (pending) return pending;
  const first = mine() === null;
  const rev = likesStore.get().rev;
  pending = apiRequest<LikesAnswer>('/api/likes.php', { background: !first })
    .then((res) => {
      const now = likesStore.get();
      if (!res.ok || me() !== owner) return res.ok;
      // a local change meanwhile (a like, a block, an opened profile) wins until the next refresh
      if (now.owner !== owner || now.rev === rev || !now.data) likesStore.set({ owner, data: res.data, rev: now.owner === owner ? now.rev : 0 });
      return true;
    })
    .finally(() => (pending = null));
  return pending;
}

/** Loads the likes unless this member's are already there (a screen's first visit); false on failure. */
export const ensureLikes = () => (mine() ? Promise.resolve(true) : loadLikes());

export const resetLikes = () => likesStore.set(EMPTY);

function change(edit: (data: LikesAnswer) => LikesAnswer) {
  const state = likesStore.get();
  const data = mine(state);
  if (!data) return;
  const next = edit(data);
  if (next !== data) likesStore.set({ ...state, data: next, rev: state.rev + 1 });
}

/** Opening a profile clears its new-like flag (spec section 4); the server does the same on GET /api/member.php. */
export function markLikeSeen(id: number) {
  change((d) => (d.liked_by.some((l) => l.id === id && l.like_new) ? { ...d, liked_by: d.liked_by.map((l) => (l.id === id ? { ...l, like_new: false } : l)) } : d));
}

/** After POST or DELETE /api/like.php (or a swipe): the given likes as the server now has them. */
export function setLiked(card: MemberCard, liked: boolean) {
  change((d) => {
    const has = d.liked.some((l) => l.id === card.id);
    if (has === liked) return d;
    const profiles = d.profiles.some((p) => p.id === card.id) ? d.profiles : [...d.profiles, card];
    return { ...d, profiles, liked: liked ? [{ id: card.id }, ...d.liked] : d.liked.filter((l) => l.id !== card.id) };
  });
}

/** A blocked member disappears from likes, matches and overlays (issue 5). */
export function removeFromLikes(id: number) {
  change((d) =>
    d.profiles.some((p) => p.id === id) || d.liked_by.some((l) => l.id === id) || d.liked.some((l) => l.id === id)
      ? { profiles: d.profiles.filter((p) => p.id !== id), liked_by: d.liked_by.filter((l) => l.id !== id), liked: d.liked.filter((l) => l.id !== id) }
      : d,
  );
}

export type LikesView = {
  /** Who liked me, new likes first (spec section 4 "Likes order"). */
  received: MemberCard[];
  given: MemberCard[];
  /** In both lists: they liked me and I liked them. */
  matches: MemberCard[];
  /** Members whose like I have not seen yet. */
  fresh: Set<number>;
  /** The new-likes badge. */
  newLikes: number;
};

/** The likes page's lists and the badge count, from the answer (a pure function). */
export function deriveLikes(data: LikesAnswer): LikesView {
  const byId = new Map(data.profiles.map((p) => [p.id, p]));
  const cards = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  // stable: the server's order stays within the new and the seen likes
  const liked_by = [...data.liked_by].sort((a, b) => Number(b.like_new) - Number(a.like_new));
  const given = new Set(data.liked.map((l) => l.id));
  const fresh = new Set(liked_by.filter((l) => l.like_new && byId.has(l.id)).map((l) => l.id));
  return {
    received: cards(liked_by.map((l) => l.id)),
    given: cards(data.liked.map((l) => l.id)),
    matches: cards(liked_by.filter((l) => given.has(l.id)).map((l) => l.id)),
    fresh,
    newLikes: fresh.size,
  };
}

/** This member's likes, derived; null until the first answer. */
export function useLikes(): LikesView | null {
  const state = useStore(likesStore);
  const session = useStore(sessionStore);
  const data = state.owner !== null && state.owner === session.user?.id ? state.data : null;
  return useMemo(() => (data ? deriveLikes(data) : null), [data]);
}

/** Badge text: the count, 99+ from 100 (spec section 2, as for messages). */
export const badgeText = (n: number) => (n >= 100 ? '99+' : String(n));

/** GET /api/auto-like.php: a profile with a new like for me, or null. */
export type LikeProfile = { id: number; name: string; age?: number; main_image: null | { match: string } };
export const loadAutoLike = (): Promise<ApiResult<LikeProfile | null>> => apiRequest<LikeProfile | null>('/api/auto-like.php', { background: true });

/** The like overlay (spec section 4): opened with a supplied profile, or empty to load an automatic like. */
export type LikeOverlayState = { open: false } | { open: true; profile: LikeProfile | null; key: number };
export const likeOverlayStore = createStore<LikeOverlayState>({ open: false });
let opened = 0;
export const openLikeOverlay = (profile: LikeProfile | null = null) => likeOverlayStore.set({ open: true, profile, key: ++opened });
export const closeLikeOverlay = () => likeOverlayStore.set({ open: false });
