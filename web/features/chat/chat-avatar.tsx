import type { ChatProfile } from '../../../worker/contracts/chat';
import { useSettings } from '../../lib/boot';
import * as s from './chat.css';

/** The other member's photo (cdn_prefix + match), or their initial on the brand gradient. */
export function ChatAvatar({ person, size = 'md' }: { person: Pick<ChatProfile, 'name' | 'main_image'>; size?: 'sm' | 'md' | 'lg' }) {
  const { cdn_prefix } = useSettings();
  return (
    <span className={s.avatar[size]} aria-hidden="true">
      {person.main_image ? <img className={s.avatarImage} src={`${cdn_prefix}${person.main_image.match}`} alt="" /> : person.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
