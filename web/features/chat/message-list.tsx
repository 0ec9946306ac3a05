import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ChatProfile, Gift, Message, MessagesAnswer } from '../../../worker/contracts/chat';
import * as nav from '../../components/layout/top-nav.css';
import { ReportDialog } from '../../components/report-dialog';
import { button, disabledState } from '../../components/ui/button.css';
import { usePhotoUrls } from '../../lib/photos';
import { useLocale, useT } from '../../lib/i18n';
import { useGifts } from './api/get-gifts';
import { useLoadEarlier } from './api/get-messages';
import { clockTime, dayKey, dayLabel, type ChatTarget } from './chat.rules';
import { ChatAvatar } from './chat-avatar';
import { PhotoViewer } from '../../components/ui/photo-viewer';
import * as s from './conversation.css';

/** Nearer the bottom than this (px), a new message scrolls into view; farther up, the reader is left where they are. */
const NEAR_BOTTOM = 120;

/**
 * The messages, oldest at the top, grouped by day; older ones on request. It opens at the newest
 * and follows new ones while the reader is at the bottom (or sent them); loading earlier ones
 * keeps the reader's place.
 */
export function MessageList({ target, data, onIdeas }: { target: ChatTarget; data: MessagesAnswer; onIdeas: () => void }) {
  const t = useT();
  const locale = useLocale();
  const earlier = useLoadEarlier(target);
  const gifts = useGifts().data;
  const box = useRef<HTMLDivElement>(null);
  const seen = useRef<{ newest?: number; oldest?: number; height: number; atBottom: boolean }>({ height: 0, atBottom: true });
  const { messages, other } = data;
  const newest = messages[0];
  const oldest = messages.at(-1);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const was = seen.current;
    if (was.newest === undefined || (newest?.id !== was.newest && (was.atBottom || newest?.mine))) el.scrollTop = el.scrollHeight;
    else if (oldest?.id !== was.oldest && newest?.id === was.newest) el.scrollTop += el.scrollHeight - was.height;
    seen.current = {
      newest: newest?.id,
      oldest: oldest?.id,
      height: el.scrollHeight,
      atBottom: was.newest === undefined || was.atBottom || !!newest?.mine,
    };
  }, [newest?.id, newest?.mine, oldest?.id]);

  const onScroll = () => {
    const el = box.current!;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
    seen.current.height = el.scrollHeight;
  };

  const now = new Date();
  const words = { today: t('chat.today'), yesterday: t('chat.yesterday') };
  const ordered = [...messages].reverse();
  const lastMine = messages.find((m) => m.mine)?.id;

  return (
    <div className={s.scroll} ref={box} onScroll={onScroll}>
      {data.more && (
        <button
          type="button"
          className={`${button.outline} ${disabledState} ${s.earlier}`}
          disabled={earlier.isPending}
          onClick={() => earlier.mutate()}
        >
          {earlier.isPending ? t('chat.loading') : t('chat.load_earlier')}
        </button>
      )}
      {messages.length === 0 ? (
        <div className={s.empty}>
          <ChatAvatar person={other} size="lg" />
          <h3 className={s.emptyTitle}>{t('chat.empty_title', { name: other.name })}</h3>
          <p className={s.emptyText}>{t('chat.empty_text')}</p>
          <button type="button" className={button.outline} onClick={onIdeas}>
            {t('chat.ideas')}
          </button>
        </div>
      ) : (
        // the log around the list: role="log" on the <ol> itself would leave its items without a list
        <div className={s.log} role="log" aria-label={t('chat.messages_with', { name: other.name })}>
          <ol className={s.messages}>
            {ordered.map((m, i) => (
              <Fragment key={m.id}>
                {dayKey(m.created_at) !== dayKey(ordered[i - 1]?.created_at ?? '') && (
                  <li className={s.day}>
                    <span>{dayLabel(m.created_at, now, locale, words)}</span>
                  </li>
                )}
                <Bubble message={m} other={other} gifts={gifts} last={m.id === lastMine} />
              </Fragment>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** A message: mine on the right, theirs on the left; the time, and for mine whether it was read ("Gelezen" under my newest). */
function Bubble({ message: m, other, gifts, last }: { message: Message; other: ChatProfile; gifts: Gift[] | undefined; last: boolean }) {
  const t = useT();
  const locale = useLocale();
  const photo = usePhotoUrls();
  const gift = m.gift ? gifts?.find((g) => g.id === m.gift) : undefined;
  const [viewing, setViewing] = useState(false);
  const photoLabel = m.mine ? t('chat.photo_mine') : t('chat.photo_of', { name: other.name });
  return (
    <li className={m.mine ? s.mine : s.theirs}>
      <div className={m.kind === 'text' || m.removed ? s.bubble : s.mediaBubble} data-removed={m.removed || undefined}>
        <span className={nav.visuallyHidden}>{m.mine ? t('chat.you') : t('chat.they', { name: other.name })} </span>
        {m.removed ? (
          <p className={s.removed}>{t('chat.removed')}</p>
        ) : m.kind === 'gift' && m.gift ? (
          <figure className={s.gift}>
            <img className={s.giftImage} src={gift?.image ?? `/gifts/${m.gift}.svg`} alt="" />
            <figcaption className={s.giftName}>{gift?.name ?? t('chat.gift')}</figcaption>
          </figure>
        ) : m.kind === 'image' && m.image ? (
          <>
            <button type="button" className={s.photoButton} onClick={() => setViewing(true)} title={t('chat.photo_open')}>
              <img className={s.photo} src={photo.thumb(m.image)} alt={photoLabel} loading="lazy" />
            </button>
            {viewing && <PhotoViewer photos={[{ src: photo.display(m.image), alt: photoLabel }]} onClose={() => setViewing(false)} />}
          </>
        ) : (
          <p className={s.text}>{m.text}</p>
        )}
        <span className={s.meta}>
          <time dateTime={m.created_at}>{clockTime(m.created_at, locale)}</time>
          {m.mine && <ReadMark read={m.read} visible={last} />}
        </span>
      </div>
      {!m.mine && m.id > 0 && !m.removed && <MessageMenu id={m.id} />}
    </li>
  );
}

/** A received message's small menu: report it (the report modal). Esc or a click elsewhere closes it. */
function MessageMenu({ id }: { id: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => !wrap.current?.contains(e.target as Node) && setOpen(false);
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', esc);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', esc);
    };
  }, [open]);
  return (
    <div className={s.menuWrap} ref={wrap}>
      <button
        type="button"
        className={s.menuButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('report.message_menu')}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <ul className={s.menu} role="menu">
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={s.menuItem}
              autoFocus
              onClick={() => {
                setOpen(false);
                setReporting(true);
              }}
            >
              {t('report.message')}
            </button>
          </li>
        </ul>
      )}
      {reporting && <ReportDialog target={{ kind: 'message', id }} onClose={() => setReporting(false)} />}
    </div>
  );
}

/** Whether the other has read it: one tick when sent, two in colour when read; the word under my newest message. */
function ReadMark({ read, visible }: { read: boolean; visible: boolean }) {
  const t = useT();
  const label = read ? t('chat.read') : t('chat.sent');
  return (
    <span className={s.tick} data-read={read || undefined} title={label}>
      <svg viewBox="0 0 24 16" aria-hidden="true" className={s.tickIcon}>
        <path d="M1.5 8.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        {read && (
          <path d="M9.5 12.5l8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        )}
      </svg>
      <span className={visible ? s.readText : nav.visuallyHidden}>{label}</span>
    </span>
  );
}
