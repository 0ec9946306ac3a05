import { useId, useLayoutEffect, useRef, type Ref } from 'react';
import * as nav from '../../components/layout/top-nav.css';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { priceText, type Price } from './chat.rules';
import * as s from './composer.css';

type Props = {
  ref: Ref<HTMLTextAreaElement>;
  name: string;
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  onGift: () => void;
  /** The photo button: a premium member picks a photo, a free member sees the premium alert. */
  onPhoto: () => void;
  photoTitle: string;
  busy: boolean;
  price: Price;
  credits: number;
};

/** From this share of message_length on, the characters left show. */
const COUNT_FROM = 0.8;

/**
 * The send box: Enter sends, Shift+Enter starts a new line; at most message_length characters.
 * Below it what a message costs (free while free messages last) and the balance; a gift button.
 */
export function Composer({ ref, name, text, onText, onSend, onGift, onPhoto, photoTitle, busy, price, credits }: Props) {
  const t = useT();
  const { message_length } = useSettings();
  const priceId = useId();
  const own = useRef<HTMLTextAreaElement | null>(null);
  const empty = !text.trim();

  // the box grows with its text up to its CSS max-height, then scrolls
  useLayoutEffect(() => {
    const el = own.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [text]);

  const setRefs = (el: HTMLTextAreaElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  return (
    <form
      className={s.composer}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <div className={s.row}>
        <button
          type="button"
          className={s.gift}
          onClick={onGift}
          aria-label={t('chat.gift_button', { name })}
          title={t('chat.gift_button', { name })}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className={s.icon}>
            <path
              d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-1.5-3.5-5.5-4-5.5-1.5S10 7 12 7zm0 0c1.5-3.5 5.5-4 5.5-1.5S14 7 12 7z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <button type="button" className={s.gift} onClick={onPhoto} disabled={busy} aria-label={photoTitle} title={photoTitle}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className={s.icon}>
            <path
              d="M3 8.5A2.5 2.5 0 0 1 5.5 6h2l1.5-2h6l1.5 2h2A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <textarea
          ref={setRefs}
          className={s.field}
          rows={1}
          value={text}
          maxLength={message_length}
          placeholder={t('chat.placeholder')}
          aria-label={t('chat.message_to', { name })}
          aria-describedby={priceId}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
            e.preventDefault();
            onSend();
          }}
        />
        <button type="submit" className={s.send} disabled={empty || busy} aria-busy={busy || undefined}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className={s.icon}>
            <path
              d="M3.5 11.2 19.6 4.1c.8-.3 1.6.5 1.2 1.3L13.8 21c-.4.8-1.5.7-1.8-.1l-1.9-6.1-6.2-2c-.8-.3-.9-1.4-.1-1.7zM10.1 14.8 20.5 4.6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span className={nav.visuallyHidden}>{busy ? t('chat.sending') : t('chat.send')}</span>
        </button>
      </div>
      <p className={s.price} id={priceId}>
        <span className={price.free ? s.free : s.cost}>{priceText(t, price)}</span>
        <span className={s.balance}>{t('chat.balance', { credits })}</span>
        {text.length >= message_length * COUNT_FROM && (
          <span className={s.count}>{t('chat.characters', { count: text.length, max: message_length })}</span>
        )}
      </p>
    </form>
  );
}
