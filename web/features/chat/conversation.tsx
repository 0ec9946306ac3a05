import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Gift, MessagesAnswer, SendImageInput, SendInput } from '../../../worker/contracts/chat';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import type { ApiFailure } from '../../lib/request';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useMessages } from './api/get-messages';
import { useSendMessage } from './api/send-message';
import { useTypingSignal } from './api/send-typing';
import { newClientId, textPrice, type ChatTarget } from './chat.rules';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import * as s from './conversation.css';
import { GiftPicker } from './gift-picker';
import { Icebreaker } from './icebreaker';
import { MessageList } from './message-list';
import { PremiumAlert } from './premium-alert';
import { TypingIndicator } from './typing';

/** Refusals that buying credits (and with them premium) resolves: the alert offers the credits page. */
const BUY_CREDITS = new Set<ApiFailure['error']>(['insufficient_credits', 'free_conversation_limit', 'premium_required']);

/** One conversation: its header, the messages (refreshed every 10 s while visible) and the send box. */
export function Conversation({ target }: { target: ChatTarget }) {
  const t = useT();
  const messages = useMessages(target);
  if (messages.data) return <Open target={target} data={messages.data} />;
  const failure = messages.isFetching ? null : messages.error;
  return (
    <div className={s.state}>
      <title>{t('chat.title')}</title>
      {!failure ? (
        <p role="status" className={f.small}>
          {t('chat.loading')}
        </p>
      ) : failure.status === 404 || failure.status === 400 ? (
        <>
          <p role="alert" className={s.stateText}>
            {t('chat.not_found')}
          </p>
          <Link to="/chats" className={button.outline}>
            {t('chat.to_chats')}
          </Link>
        </>
      ) : (
        <>
          <FormAlert failure={failure} />
          <button type="button" className={button.outline} onClick={() => void messages.refetch()}>
            {t('chat.retry')}
          </button>
        </>
      )}
    </div>
  );
}

type Outgoing = { kind: 'text'; text: string } | { kind: 'gift'; gift: Gift['id'] } | { kind: 'image'; image: File };

const draftKey = (out: Outgoing) =>
  out.kind === 'text'
    ? `text:${out.text}`
    : out.kind === 'gift'
      ? `gift:${out.gift}`
      : `image:${out.image.name}:${out.image.size}:${out.image.lastModified}`;

function Open({ target, data }: { target: ChatTarget; data: MessagesAnswer }) {
  const t = useT();
  const locale = useLocale();
  const settings = useSettings();
  const { user } = useStore(sessionStore);
  const other = data.other;
  const send = useSendMessage(other);
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [picker, setPicker] = useState(false);
  const [premiumAlert, setPremiumAlert] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  // spec section 1: an empty conversation suggests opening lines, once on opening
  const [icebreaker, setIcebreaker] = useState(data.messages.length === 0);
  const field = useRef<HTMLTextAreaElement>(null);
  // the idempotency key of what is being sent: a retry of the same text or gift is the same message
  const draft = useRef<{ what: string; id: string } | null>(null);
  const price = textPrice(user ?? { paid_user: false, free_messages_left: 0 }, settings, locale);
  const typing = useTypingSignal(data.conversation);

  function submit(out: Outgoing) {
    const what = draftKey(out);
    if (draft.current?.what !== what) draft.current = { what, id: newClientId() };
    const input: SendInput | SendImageInput = { to: other.id, ...out, client_id: draft.current.id };
    setFailure(null);
    send.mutate(input, {
      onSuccess: () => {
        draft.current = null;
        // what was typed meanwhile stays
        if (out.kind === 'text') setText((now) => (now.trim() === out.text ? '' : now));
      },
      // 402 insufficient_credits, 403 free_conversation_limit…: the server's text; the unsent text stays in the box
      onError: (failed) => setFailure(failed),
    });
  }
  const sendText = (line = text) => {
    const trimmed = line.trim();
    if (trimmed && !send.isPending) submit({ kind: 'text', text: trimmed });
  };

  return (
    <div className={s.conversation}>
      <title>{t('chat.title_with', { name: other.name })}</title>
      <ChatHeader other={other} />
      <MessageList key={data.conversation ?? 'new'} target={target} data={data} onIdeas={() => setIcebreaker(true)} />
      <TypingIndicator conversation={data.conversation} name={other.name} />
      {failure && !failure.silent && (
        <div role="alert" className={s.alert}>
          <p className={s.alertText}>
            {failure.message || t(failure.status === 0 ? 'chat.send_offline' : 'errors.generic')}
            {BUY_CREDITS.has(failure.error) && (
              <>
                {' '}
                <Link to="/credits" className={s.alertLink}>
                  {t('chat.buy_credits')}
                </Link>
              </>
            )}
          </p>
          <button type="button" className={s.alertClose} aria-label={t('chat.close_alert')} onClick={() => setFailure(null)}>
            ×
          </button>
        </div>
      )}
      <Composer
        ref={field}
        name={other.name}
        text={text}
        onText={(next) => {
          setText(next);
          if (next.trim()) typing();
        }}
        onSend={() => sendText()}
        onGift={() => setPicker(true)}
        onPhoto={() => (user?.paid_user ? file.current?.click() : setPremiumAlert(true))}
        photoTitle={t('chat.photo_button', { name: other.name, credits: settings.photo_credits })}
        busy={send.isPending}
        price={price}
        credits={user?.credits ?? 0}
      />
      <input
        ref={file}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen && !send.isPending) submit({ kind: 'image', image: chosen });
        }}
      />
      {premiumAlert && <PremiumAlert onClose={() => setPremiumAlert(false)} />}
      {picker && (
        <GiftPicker
          name={other.name}
          credits={user?.credits ?? 0}
          onPick={(gift) => {
            setPicker(false);
            if (!send.isPending) submit({ kind: 'gift', gift: gift.id });
          }}
          onClose={() => setPicker(false)}
        />
      )}
      {icebreaker && (
        <Icebreaker
          name={other.name}
          price={price}
          busy={send.isPending}
          onPick={(line) => {
            setIcebreaker(false);
            setText(line);
            sendText(line);
          }}
          onClose={() => {
            setIcebreaker(false);
            field.current?.focus();
          }}
        />
      )}
    </div>
  );
}
