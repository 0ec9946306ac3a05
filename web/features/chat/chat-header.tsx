import { Link } from 'react-router-dom';
import type { ChatProfile } from '../../../worker/contracts/chat';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { ChatAvatar } from './chat-avatar';
import * as s from './conversation.css';
import { OnlineBadge } from '../../components/ui/online-badge';

/** The other member: back to the list (below 992 px), photo, name and age, a link to the profile; the fictional warning. */
export function ChatHeader({ other }: { other: ChatProfile }) {
  const t = useT();
  const { fictional_warning } = useSettings();
  const profile = `/members/${other.id}`;
  return (
    <>
      <header className={s.header}>
        <Link to="/chats" className={s.back} aria-label={t('chat.back')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className={s.backIcon}>
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
        <Link to={profile} className={s.avatarLink} tabIndex={-1} aria-hidden="true">
          <ChatAvatar person={other} size="sm" />
        </Link>
        <div className={s.who}>
          <h2 className={s.name}>{other.age != null ? t('chat.name_age', { name: other.name, age: other.age }) : other.name}</h2>
          {other.online && <OnlineBadge label={t('presence.online')} />}
          <Link to={profile} className={s.profileLink}>
            {t('chat.view_profile')}
          </Link>
        </div>
      </header>
      {other.fictional && (
        <p className={s.fictional} role="note">
          {fictional_warning}
        </p>
      )}
    </>
  );
}
