import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LikeProfile } from '../../../worker/contracts/likes';
import { button } from '../../components/ui/button.css';
import { HeartIcon } from '../../components/ui/heart-icon';
import { FictionalLabel, Portrait } from '../../components/ui/match-overlay';
import { Modal } from '../../components/ui/modal';
import * as s from '../../components/ui/overlay.css';
import { refreshLikes } from '../../lib/calls/get-likes';
import { useT } from '../../lib/i18n';
import { useAutoLike } from './api/get-auto-like';

/** Spec section 9: the likes reload 500 ms after the like overlay opens. */
export const LIKES_RELOAD_AFTER_OVERLAY_MS = 500;

type Props = {
  /** A supplied profile; without one an automatic like is loaded (GET /api/auto-like.php). */
  profile?: LikeProfile | null;
  /** "image pressed": the photo was clicked. */
  onImagePressed: (profile: LikeProfile) => void;
  /** "button pressed": the message button was clicked (it starts a conversation). */
  onButtonPressed: (profile: LikeProfile) => void;
  onClose: () => void;
};

/**
 * The like overlay, titled 'New like!' (spec section 4): a member who likes you. Clicking
 * anywhere on it closes it; the photo and the button emit their events first. Without a profile
 * to show (the automatic like answered null or failed) it closes without showing.
 */
export function LikeOverlay({ profile: supplied = null, onImagePressed, onButtonPressed, onClose }: Props) {
  const t = useT();
  const client = useQueryClient();
  const auto = useAutoLike({ enabled: !supplied });
  const profile = supplied ?? auto.data ?? null;
  const nothing = !supplied && (auto.isError || (auto.isSuccess && typeof auto.data?.id !== 'number'));

  useEffect(() => {
    if (nothing) onClose();
  }, [nothing]);

  useEffect(() => {
    const timer = setTimeout(() => void refreshLikes(client), LIKES_RELOAD_AFTER_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [client]);

  if (!profile || nothing) return null;
  return (
    <Modal title={t('overlay.title')} onDismiss={onClose}>
      {/* clicking the overlay closes it (spec section 4); keyboard users have the close button and Esc */}
      <div className={s.body} onClick={onClose}>
        <button
          type="button"
          className={s.photoButton}
          aria-label={t('overlay.photo', { name: profile.name })}
          onClick={() => onImagePressed(profile)}
        >
          <Portrait person={profile} className={s.image} />
        </button>
        <p className={s.text}>{t('overlay.text', { name: profile.name })}</p>
        <FictionalLabel fictional={profile.fictional} />
        {profile.age != null && <p className={s.muted}>{t('overlay.age', { age: profile.age })}</p>}
        <div className={s.actions}>
          <button type="button" className={button.primary} onClick={() => onButtonPressed(profile)}>
            <HeartIcon />
            {t('overlay.message')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
