import { useRef, useState, type PointerEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { usePhotoUrls } from '../../../lib/photos';
import * as s from '../landers.css';
import { Badges, Hero, portions, SignupCta, useCardMeta, type LanderProps } from '../parts';

function Heart() {
  return (
    <svg className={s.roundIcon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 21s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 6-8 11-8 11z" className={s.likeIcon} />
    </svg>
  );
}
function Cross() {
  return (
    <svg className={s.roundIcon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" className={s.skipIcon} />
    </svg>
  );
}

/** A swipe deck: like or skip with the buttons or by dragging; after the deck, the signup shows the matches. */
export default function Swipe({ profiles, state }: LanderProps) {
  const t = useT();
  const photo = usePhotoUrls();
  const meta = useCardMeta();
  const [deck = []] = portions(profiles, 8);
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<number | null>(null);
  const next = () => {
    setDrag(0);
    setIndex((i) => i + 1);
  };
  const down = (e: PointerEvent) => {
    start.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent) => start.current !== null && setDrag(e.clientX - start.current);
  const up = () => {
    start.current = null;
    if (Math.abs(drag) > 90) next();
    else setDrag(0);
  };
  const finished = state === 'ok' && index >= deck.length;
  return (
    <>
      <Hero title={t('landers.tinderswipe.title')} text={t('landers.tinderswipe.text')} />
      <section className={s.section}>
        {state === 'refused' && <p className={s.locked}>{t('landers.locked')}</p>}
        {finished || state === 'refused' ? (
          <div className={s.done}>
            <h2 className={s.iconTitle}>{t('landers.tinderswipe.done_title')}</h2>
            <p className={s.iconText}>{t('landers.tinderswipe.done_text')}</p>
            <p />
            <SignupCta />
          </div>
        ) : (
          <>
            <div className={s.deck}>
              {deck
                .slice(index, index + 2)
                .reverse()
                .map((p) => {
                  const top = p.id === deck[index]?.id;
                  return (
                    <div
                      key={p.id}
                      className={top ? s.card : `${s.card} ${s.cardBehind}`}
                      style={top && drag ? { transform: `translateX(${drag}px) rotate(${drag / 18}deg)`, transition: 'none' } : undefined}
                      onPointerDown={top ? down : undefined}
                      onPointerMove={top ? move : undefined}
                      onPointerUp={top ? up : undefined}
                      onPointerCancel={top ? up : undefined}
                      aria-hidden={!top}
                    >
                      <img
                        className={s.tileImage}
                        {...photo.tile(p.main_image!, '(min-width: 396px) 340px, 86vw')}
                        alt=""
                        draggable={false}
                        width={340}
                        height={453}
                      />
                      <span className={s.tileShade} />
                      <Badges card={p} />
                      <span className={s.tileBody}>
                        <span className={s.tileName}>{p.name}</span>
                        <span className={s.tileMeta}>{meta(p)}</span>
                      </span>
                    </div>
                  );
                })}
              {state === 'loading' && <span className={s.placeholder} />}
            </div>
            <div className={s.deckButtons}>
              <button type="button" className={s.round} onClick={next} aria-label={t('landers.tinderswipe.skip')} disabled={state !== 'ok'}>
                <Cross />
              </button>
              <button type="button" className={s.round} onClick={next} aria-label={t('landers.tinderswipe.like')} disabled={state !== 'ok'}>
                <Heart />
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}
