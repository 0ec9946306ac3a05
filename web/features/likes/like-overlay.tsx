import { useEffect, useState } from 'react';
import { button } from '../../components/ui/button.css';
import { Modal } from '../../components/ui/modal';
import { useT } from '../../lib/i18n';
import { loadAutoLike, loadLikes, type LikeProfile } from '../../lib/likes';
import { HeartIcon } from './heart-icon';
import { Portrait } from './match-overlay';
import * as s from './overlays.css';

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
  const [profile, setProfile] = useState<LikeProfile | null>(supplied);

  useEffect(() => {
    if (supplied) return;
    let live = true;
    void loadAutoLike().then((res) => {
      if (!live) return;
      if (res.ok && typeof res.data?.id === 'number') setProfile(res.data);
      else onClose();
    });
    return () => void (live = false);
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void loadLikes(), LIKES_RELOAD_AFTER_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!profile) return null;
  return (
    <Modal title={t('overlay.title')} onDismiss={onClose}>
      {/* clicking the overlay closes it (spec section 4); keyboard users have the close button and Esc */}
      <div className={s.body} onClick={onClose}>
        <button type="button" className={s.photoButton} aria-label={t('overlay.photo', { name: profile.name })} onClick={() => onImagePressed(profile)}>
          <Portrait person={profile} className={s.image} />
        </button>
        <p className={s.text}>{t('overlay.text', { name: profile.name })}</p>
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
