import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { SWIPE_LIKES_PER_DAY } from '../../../worker/contracts/likes.values';
import type { SwipeAnswer } from '../../../worker/contracts/likes';
import type { MemberCard } from '../../../worker/contracts/profiles';
import { RequireLogin } from '../../components/layout/require-login';
import { button } from '../../components/ui/button.css';
import { FormAlert } from '../../components/ui/form';
import * as f from '../../components/ui/form.css';
import { HeartIcon } from '../../components/ui/heart-icon';
import { MatchOverlay } from '../../components/ui/match-overlay';
import * as s from '../../components/ui/page.css';
import { useFictionalLabel } from '../../lib/boot';
import { regionName } from '../../lib/intl';
import { usePhotoUrls } from '../../lib/photos';
import { useLocale, useT } from '../../lib/i18n';
import { useSwipe } from './api/get-swipe';
import { useSwipeMember, type SwipeAction } from './api/swipe-member';
import * as w from './swipe-page.css';

/** A horizontal drag beyond this many pixels is a swipe. */
export const SWIPE_THRESHOLD_PX = 80;

/** /swipe-game (members only): one profile at a time; like (→, swipe right) or pass (←, swipe left). */
export function SwipePage() {
  return (
    <RequireLogin>
      <SwipeGame />
    </RequireLogin>
  );
}

function SwipeGame() {
  const t = useT();
  const game = useSwipe();
  const failure = game.isFetching ? null : game.error;
  return (
    <div className={s.page}>
      <title>{t('swipe.title')}</title>
      {game.data ? (
        <Game game={game.data} />
      ) : (
        <div className={w.stage}>
          <Intro />
          <FormAlert failure={failure} />
          {failure ? (
            <button type="button" className={button.outline} onClick={() => void game.refetch()}>
              {t('swipe.retry')}
            </button>
          ) : (
            <p role="status" className={f.small}>
              {t('swipe.loading')}
            </p>
          )}
          <p className={f.small} role="status" />
        </div>
      )}
    </div>
  );
}

function Intro({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <>
      <div className={w.head}>
        <h1 className={s.title}>{t('swipe.title')}</h1>
        {children}
      </div>
      <p className={w.keyboardHint}>{t('swipe.intro')}</p>
      <p className={w.touchHint}>{t('swipe.touch_hint')}</p>
    </>
  );
}

/** The game from its first answer on: the profile and the likes left are the query's, moved on by each swipe. */
function Game({ game }: { game: SwipeAnswer }) {
  const t = useT();
  const { profile, likes_left: likesLeft } = game;
  const { mutate, isPending: busy, error } = useSwipeMember();
  /** The server's 429 (the day's likes used up elsewhere, in another tab): its text. */
  const [refused, setRefused] = useState<string | null>(null);
  /** Liking is off for today: no likes left (before this visit or with this swipe), or the server said so. */
  const limit = likesLeft === 0 ? t('errors.swipe_limit', { limit: SWIPE_LIKES_PER_DAY }) : refused;
  const [match, setMatch] = useState<MemberCard | null>(null);
  const [said, setSaid] = useState('');
  const busyRef = useRef(false);
  const stage = useRef<HTMLDivElement>(null);
  useCardFit(stage);

  const act = useCallback(
    (action: SwipeAction) => {
      if (!profile || busyRef.current || (action === 'like' && limit)) return;
      busyRef.current = true;
      mutate(
        { card: profile, action },
        {
          onSuccess: (answer) => {
            if (answer.match) setMatch(profile);
            setSaid(t(answer.liked ? 'swipe.liked' : 'swipe.passed', { name: profile.name }));
          },
          onError: (failure) => {
            if (failure.status === 429) setRefused(failure.message || t('errors.too_many_requests'));
          },
          onSettled: () => void (busyRef.current = false),
        },
      );
    },
    [profile, limit, mutate, t],
  );

  // keyboard: → likes, ← passes (not while typing or while a dialog is open)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]') || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      act(e.key === 'ArrowRight' ? 'like' : 'pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  return (
    <>
      <div className={w.stage} ref={stage}>
        <Intro>
          <p className={w.left} aria-live="polite">
            {t('swipe.likes_left', { count: likesLeft })}
          </p>
        </Intro>
        <FormAlert failure={error?.status === 429 ? null : error} />
        {limit ? (
          // out of likes for today: no next card and no Like button, the reason and the way on
          <div className={w.empty} role="alert">
            <h2 className={s.heading}>{t('swipe.out_title')}</h2>
            <p className={s.text}>{limit}</p>
            <Link to="/members" className={button.primary}>
              {t('swipe.to_search')}
            </Link>
          </div>
        ) : profile === null ? (
          <div className={w.empty}>
            <h2 className={s.heading}>{t('swipe.empty_title')}</h2>
            <p className={s.text}>{t('swipe.empty_text')}</p>
            <Link to="/members" className={button.primary}>
              {t('swipe.to_search')}
            </Link>
          </div>
        ) : (
          <>
            <SwipeCard key={profile.id} card={profile} onSwipe={act} />
            <div className={w.buttons} data-swipe-buttons>
              <button type="button" className={w.pass} onClick={() => act('pass')} disabled={busy} aria-keyshortcuts="ArrowLeft">
                <svg className={w.icon} viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
                </svg>
                {t('swipe.pass')}
              </button>
              <button type="button" className={w.like} onClick={() => act('like')} disabled={busy} aria-keyshortcuts="ArrowRight">
                <HeartIcon className={w.icon} />
                {t('swipe.like')}
              </button>
            </div>
          </>
        )}
        <p className={f.small} role="status">
          {said}
        </p>
      </div>
      {match && <MatchOverlay profile={match} onClose={() => setMatch(null)} />}
    </>
  );
}

/** The room under the card's top kept for the buttons below it and a margin (px). */
const BELOW_CARD_GAP = 24;
/** The card never gets lower than this (px): on a tiny screen the page scrolls instead. */
const MIN_CARD_HEIGHT = 260;

/**
 * Sizes the card so that it and the Like and Skip buttons under it fit the viewport without
 * scrolling, whatever banners sit above it: the height is what the window leaves below the
 * card's top, measured again when the window or the page above it changes.
 */
function useCardFit(stage: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const fit = () => {
      const card = el.querySelector<HTMLElement>('[data-swipe-card]');
      const buttons = el.querySelector<HTMLElement>('[data-swipe-buttons]');
      if (!card || !buttons) return;
      const top = card.getBoundingClientRect().top + window.scrollY;
      const height = Math.max(MIN_CARD_HEIGHT, Math.floor(window.innerHeight - top - buttons.offsetHeight - BELOW_CARD_GAP));
      el.style.setProperty('--swipe-card-height', `${height}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  });
}

/** The profile card; on a touch screen a horizontal drag past 80 px likes (right) or passes (left). */
function SwipeCard({ card, onSwipe }: { card: MemberCard; onSwipe: (action: SwipeAction) => void }) {
  const t = useT();
  const locale = useLocale();
  const fictional_singular = useFictionalLabel();
  const photo = usePhotoUrls();
  const [dx, setDx] = useState(0);
  const start = useRef<{ x: number; id: number } | null>(null);
  const place = card.city ?? (card.country ? regionName(locale, card.country) : null);

  const down = (e: PointerEvent<HTMLElement>) => {
    if (e.pointerType === 'mouse') return; // touch screens (and pens); a mouse has the buttons and keys
    start.current = { x: e.clientX, id: e.pointerId };
  };
  const move = (e: PointerEvent<HTMLElement>) => {
    if (start.current?.id !== e.pointerId) return;
    const d = e.clientX - start.current.x;
    // a drag (not a tap on the profile link) keeps the pointer even when it leaves the card
    if (Math.abs(d) > 10 && !e.currentTarget.hasPointerCapture?.(e.pointerId)) e.currentTarget.setPointerCapture?.(e.pointerId);
    setDx(d);
  };
  const up = (e: PointerEvent<HTMLElement>) => {
    if (start.current?.id !== e.pointerId) return;
    const d = e.clientX - start.current.x;
    start.current = null;
    setDx(0);
    if (d > SWIPE_THRESHOLD_PX) onSwipe('like');
    else if (d < -SWIPE_THRESHOLD_PX) onSwipe('pass');
  };
  const cancel = () => {
    start.current = null;
    setDx(0);
  };

  return (
    <article
      className={w.card}
      data-swipe-card
      aria-label={t('swipe.card_label', { name: card.name })}
      data-dragging={dx !== 0}
      style={dx ? { transform: `translateX(${dx}px) rotate(${dx / 20}deg)` } : undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
    >
      <div className={w.photo}>
        {card.main_image ? (
          <img className={w.image} {...photo.large(card.main_image, '(min-width: 600px) 420px, 100vw')} alt="" draggable={false} />
        ) : (
          <span className={w.noPhoto}>
            <svg className={w.silhouette} viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="8" r="4.5" fill="currentColor" />
              <path d="M3 22c0-5 4-8.5 9-8.5s9 3.5 9 8.5z" fill="currentColor" />
            </svg>
            {t('swipe.no_photo')}
          </span>
        )}
        {dx > SWIPE_THRESHOLD_PX / 2 && (
          <span className={w.stampLike} aria-hidden="true">
            {t('swipe.like')}
          </span>
        )}
        {dx < -SWIPE_THRESHOLD_PX / 2 && (
          <span className={w.stampPass} aria-hidden="true">
            {t('swipe.pass')}
          </span>
        )}
      </div>
      <div className={w.body}>
        <h2 className={w.name}>{card.age != null ? `${card.name}, ${card.age}` : card.name}</h2>
        {place && <p className={w.meta}>{place}</p>}
        {card.fictional && <span className={s.fictional}>{fictional_singular}</span>}
        <Link to={`/members/${card.id}`} className={w.view}>
          {t('swipe.view')}
        </Link>
      </div>
    </article>
  );
}
