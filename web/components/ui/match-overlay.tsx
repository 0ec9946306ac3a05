import { Link } from 'react-router-dom';
import type { PhotoRef } from '../../../worker/contracts/common';
import { useFictionalLabel } from '../../lib/boot';
import { usePhotoUrls } from '../../lib/photos';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { button } from './button.css';
import { ChatIcon } from './chat-icon';
import { HeartIcon } from './heart-icon';
import { Modal } from './modal';
import * as s from './overlay.css';
import * as p from './page.css';

type Person = { name: string; main_image: PhotoRef | null };

/** The site's fictional label (settings fictional_singular) on a fictional profile, wherever members see one. */
export function FictionalLabel({ fictional }: { fictional: boolean | undefined }) {
  const fictional_singular = useFictionalLabel();
  return fictional ? <span className={p.fictional}>{fictional_singular}</span> : null;
}

/** A photo, or the initial on the brand gradient when there is none (or it is locked). */
export function Portrait({ person, className }: { person: Person; className: string }) {
  const photo = usePhotoUrls();
  return (
    <span className={className}>
      {person.main_image ? (
        <img className={s.image} src={photo.thumb(person.main_image)} alt="" />
      ) : (
        <span className={p.avatar} aria-hidden="true">
          {person.name.slice(0, 1).toUpperCase()}
        </span>
      )}
    </span>
  );
}

/** A like became mutual (a profile's like button, the swipe game): both photos (or initials), a way to start the conversation, and one to keep browsing. */
export function MatchOverlay({ profile, onClose }: { profile: Person & { id: number; fictional?: boolean }; onClose: () => void }) {
  const t = useT();
  const { user } = useStore(sessionStore);
  return (
    <Modal title={t('overlay.match_title')} onDismiss={onClose}>
      <div className={s.body}>
        <div className={s.pair}>
          {user && <Portrait person={user.profile} className={s.round} />}
          <HeartIcon className={s.heart} />
          <Portrait person={profile} className={s.round} />
        </div>
        <FictionalLabel fictional={profile.fictional} />
        <p className={s.muted}>{t('overlay.match_text', { name: profile.name })}</p>
        <div className={s.actions}>
          <Link to={`/members/${profile.id}/chat`} className={button.primary} onClick={onClose}>
            <ChatIcon />
            {t('overlay.match_message')}
          </Link>
          <button type="button" className={button.outline} onClick={onClose}>
            {t('overlay.keep_browsing')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
