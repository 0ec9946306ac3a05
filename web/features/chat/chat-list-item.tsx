import { Link } from 'react-router-dom';
import type { ChatItem } from '../../../worker/contracts/chat';
import * as nav from '../../components/layout/top-nav.css';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { badgeText } from '../../lib/likes';
import { listTime } from './chat.rules';
import { ChatAvatar } from './chat-avatar';
import * as s from './chat-list.css';

/** One conversation: photo, name and age, the last message, its time, the unread count; a delete button beside it. */
export function ChatListItem({ chat, open, onDelete }: { chat: ChatItem; open: boolean; onDelete: () => void }) {
  const t = useT();
  const locale = useLocale();
  const { fictional_warning } = useSettings();
  const { other, num_unread_messages: unread } = chat;
  const last = chat.last_message;
  const when = last?.created_at ?? chat.updated_at;
  const preview = !last
    ? ''
    : last.removed
      ? t('chat.removed')
      : last.kind === 'gift'
        ? t(last.mine ? 'chat.preview_gift_sent' : 'chat.preview_gift')
        : last.kind === 'image'
          ? t('chat.preview_image')
          : (last.text ?? '');
  return (
    <li className={s.item} data-unread={unread > 0 || undefined}>
      <Link to={`/chats/${chat.conversation}`} className={s.link} aria-current={open ? 'page' : undefined}>
        <span className={s.avatarWrap}>
          <ChatAvatar person={other} />
          {other.online && (
            <span className={s.onlineDot}>
              <span className={nav.visuallyHidden}>{t('presence.online')}</span>
            </span>
          )}
        </span>
        <span className={s.body}>
          <span className={s.top}>
            <span className={s.name}>{other.age != null ? t('chat.name_age', { name: other.name, age: other.age }) : other.name}</span>
            {when && (
              <time className={s.time} dateTime={when}>
                {listTime(when, new Date(), locale, { today: t('chat.today'), yesterday: t('chat.yesterday') })}
              </time>
            )}
          </span>
          <span className={s.preview}>
            {last?.mine && <span className={s.you}>{t('chat.you')} </span>}
            {preview}
          </span>
          {other.fictional && <span className={s.fictional}>{fictional_warning}</span>}
        </span>
        {unread > 0 && (
          <span className={s.count}>
            <span aria-hidden="true">{badgeText(unread)}</span>
            <span className={nav.visuallyHidden}>{t('chat.unread', { count: unread })}</span>
          </span>
        )}
      </Link>
      <button type="button" className={s.remove} aria-label={t('chat.delete', { name: other.name })} onClick={onDelete}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className={s.removeIcon}>
          <path
            d="M4 7h16M9 7V4.5h6V7m-8.5 0 1 12.5h9L17.5 7M10 11v5m4-5v5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}
