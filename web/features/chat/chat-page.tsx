import { Link, useParams } from 'react-router-dom';
import { RequireLogin } from '../../components/layout/require-login';
import { button } from '../../components/ui/button.css';
import { ChatIcon } from '../../components/ui/chat-icon';
import { ErrorPage, RouteBoundary } from '../../components/ui/error-page';
import { useT } from '../../lib/i18n';
import * as s from './chat.css';
import { targetKey, targetOf } from './chat.rules';
import { ChatList } from './chat-list';
import { Conversation } from './conversation';

/**
 * /chats, /chats/:id (a conversation) and /members/:id/chat (the conversation with a member, or an
 * empty one that starts with the first message). Spec section 2: the list beside the chat from
 * 992 px; below it the list alone on /chats, the conversation alone (with a back link) otherwise.
 */
export function ChatPage({ by = 'conversation' }: { by?: 'conversation' | 'profile' }) {
  return (
    <RequireLogin>
      <Chat by={by} />
    </RequireLogin>
  );
}

function Chat({ by }: { by: 'conversation' | 'profile' }) {
  const t = useT();
  const { id } = useParams();
  const target = targetOf(id, by);
  if (id !== undefined && !target) return <ErrorPage status={404} />;
  return (
    <div className={s.shell} data-open={target ? '' : undefined}>
      <section className={s.listPane} aria-labelledby="chat-list-title">
        <ChatList target={target} titled={!target} />
      </section>
      <section className={s.chatPane} aria-label={target ? undefined : t('chat.none_title')}>
        {target ? (
          // a conversation that fails to show leaves the list working
          <RouteBoundary key={targetKey(target)}>
            <Conversation key={targetKey(target)} target={target} />
          </RouteBoundary>
        ) : (
          <div className={s.none}>
            <ChatIcon className={s.noneIcon} />
            <h2 className={s.noneTitle}>{t('chat.none_title')}</h2>
            <p className={s.muted}>{t('chat.none_text')}</p>
            <Link to="/members" className={button.outline}>
              {t('chat.search')}
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
