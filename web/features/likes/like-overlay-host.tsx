import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LikeProfile } from '../../../worker/contracts/likes';
import { useStore } from '../../lib/store';
import type { LikeOverlay as Overlay } from './like-overlay';
import { closeLikeOverlay, likeOverlayStore, openLikeOverlay } from './like-overlay-store';
import { likeOverlayDelay, withoutParam } from './likes.rules';

/** Set by the overlay's message button (spec section 4, "a start-conversation flag is set"): the member whose conversation it opened. */
export const START_CONVERSATION_KEY = 'start-conversation';

/**
 * The default layout's like overlay, for logged-in members (spec sections 2 and 4). A numeric
 * query parameter t opens it after t seconds; t is then removed from the URL, other parameters kept.
 * `load` brings the overlay when it first opens (the app decides the chunk it lives in).
 */
export function LikeOverlayHost({ load }: { load: () => Promise<typeof Overlay> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const overlay = useStore(likeOverlayStore);
  const [LikeOverlay, setOverlay] = useState<typeof Overlay | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const where = useRef(location);
  where.current = location;

  // t is read on each navigation that carries it; the timer outlives a later navigation
  useEffect(() => {
    const delay = likeOverlayDelay(location.search);
    if (delay === null) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      openLikeOverlay();
      const now = where.current;
      if (likeOverlayDelay(now.search) === null) return;
      navigate({ pathname: now.pathname, search: withoutParam(now.search, 't'), hash: now.hash }, { replace: true, state: now.state });
    }, delay);
  }, [location.key, location.search, navigate]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (overlay.open && !LikeOverlay)
      void load().then(
        (component) => setOverlay(() => component),
        () => closeLikeOverlay(),
      );
  }, [overlay.open, LikeOverlay, load]);

  if (!overlay.open || !LikeOverlay) return null;
  const toProfile = (profile: LikeProfile) => navigate(`/members/${profile.id}`);
  const toChat = (profile: LikeProfile) => navigate(`/members/${profile.id}/chat`);
  return (
    <LikeOverlay
      key={overlay.key}
      profile={overlay.profile}
      onClose={closeLikeOverlay}
      onImagePressed={toProfile}
      onButtonPressed={(profile) => {
        try {
          sessionStorage.setItem(START_CONVERSATION_KEY, String(profile.id));
        } catch {
          /* storage blocked: the conversation opens without the flag */
        }
        toChat(profile);
      }}
    />
  );
}
