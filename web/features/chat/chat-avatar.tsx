import type { ChatProfile } from '../../../worker/contracts/chat';
import { usePhotoUrls } from '../../lib/photos';
import * as s from './chat.css';

/** The other member's photo (cdn_prefix + match), or their initial on the brand gradient. */
export function ChatAvatar({ person, size = 'md' }: { person: Pick<ChatProfile, 'name' | 'main_image'>; size?: 'sm' | 'md' | 'lg' }) {
  const photo = usePhotoUrls();
  return (
    <span className={s.avatar[size]} aria-hidden="true">
      {person.main_image ? (
        <img className={s.avatarImage} src={photo.thumb(person.main_image)} alt="" />
      ) : (
        person.name.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}
