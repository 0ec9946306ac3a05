import type { LikeProfile } from '../../../worker/contracts/likes';
import { createStore } from '../../lib/store';

/** The like overlay (spec section 4), UI state: opened with a supplied profile, or empty to load an automatic like. */
export type LikeOverlayState = { open: false } | { open: true; profile: LikeProfile | null; key: number };
export const likeOverlayStore = createStore<LikeOverlayState>({ open: false });
let opened = 0;
export const openLikeOverlay = (profile: LikeProfile | null = null) => likeOverlayStore.set({ open: true, profile, key: ++opened });
export const closeLikeOverlay = () => likeOverlayStore.set({ open: false });
