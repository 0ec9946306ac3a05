import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ChatItem } from '../../../worker/contracts/chat';
import * as nav from '../../components/layout/top-nav.css';
import { button, disabledState } from '../../components/ui/button.css';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import * as f from '../../components/ui/form.css';
import { useChats } from '../../lib/calls/get-chats';
import { useT } from '../../lib/i18n';
import { useDeleteChat } from './api/delete-chat';
import type { ChatTarget } from './chat.rules';
import { ChatListItem } from './chat-list-item';
import * as s from './chat-list.css';

/** The conversations, newest activity first (spec sections 2 and 3); more pages on request. */
export function ChatList({ target, titled }: { target: ChatTarget | null; titled: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const chats = useChats();
  const remove = useDeleteChat();
  const [asking, setAsking] = useState<ChatItem | null>(null);
  const view = chats.data;
  const failed = chats.isError && !chats.isFetching;
  const isOpen = (c: ChatItem) =>
    !!target && ('conversation' in target ? target.conversation === c.conversation : target.profile === c.profile);

  const confirmDelete = (chat: ChatItem) => {
    setAsking(null);
    // the open conversation closes first: it is gone
    if (isOpen(chat)) navigate('/chats', { replace: true });
    remove.mutate({ conversation: chat.conversation });
  };

  return (
    <div className={s.list}>
      {titled && <title>{t('chat.title')}</title>}
      <div className={s.head}>
        <h1 id="chat-list-title" className={s.title}>
          {t('chat.title')}
        </h1>
        {view && view.totalUnread > 0 && <span className={s.total}>{t('chat.unread', { count: view.totalUnread })}</span>}
      </div>
      {view ? (
        view.chats.length ? (
          <>
            <ul className={s.items}>
              {view.chats.map((chat) => (
                <ChatListItem key={chat.conversation} chat={chat} open={isOpen(chat)} onDelete={() => setAsking(chat)} />
              ))}
            </ul>
            {chats.hasNextPage && (
              <button
                type="button"
                className={`${button.outline} ${disabledState} ${s.more}`}
                disabled={chats.isFetchingNextPage}
                onClick={() => void chats.fetchNextPage()}
              >
                {chats.isFetchingNextPage ? t('chat.loading') : t('chat.more_chats')}
              </button>
            )}
          </>
        ) : (
          <div className={s.empty}>
            <p>{t('chat.empty')}</p>
            <Link className={button.primary} to="/members">
              {t('chat.search')}
            </Link>
          </div>
        )
      ) : failed ? (
        <div className={s.empty}>
          <p role="alert">{t('errors.generic')}</p>
          <button type="button" className={button.outline} onClick={() => void chats.refetch()}>
            {t('chat.retry')}
          </button>
        </div>
      ) : (
        <p role="status" className={`${f.small} ${s.loading}`}>
          {t('chat.loading_chats')}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={t('chat.delete_title', { name: asking.other.name })}
          text={t('chat.delete_text')}
          confirm={t('chat.delete_confirm')}
          cancel={t('chat.cancel')}
          onConfirm={() => confirmDelete(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
      <span className={nav.visuallyHidden} role="status" aria-live="polite">
        {remove.isSuccess ? t('chat.deleted') : ''}
      </span>
    </div>
  );
}
