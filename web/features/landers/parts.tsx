import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LanderAnswer, PartnerTile } from '../../../worker/contracts/landers';
import type { MemberCard } from '../../../worker/contracts/profiles';
import { button } from '../../components/ui/button.css';
import { useFictionalLabel } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { regionName } from '../../lib/intl';
import { usePhotoUrls } from '../../lib/photos';
import { openSignup } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import type { Loaded } from './api/get-lander';
import * as s from './landers.css';

/**
 * A page's parts, each its own people (a face is never shown twice on one page): consecutive
 * slices of the profiles with a photo, `counts` long each (the call answers LANDER_PROFILES). The
 * part that matters most comes first (the grid before a decorative collage): on a small site the
 * later parts get fewer.
 */
export function portions(profiles: MemberCard[], ...counts: number[]): MemberCard[][] {
  const withPhoto = profiles.filter((p) => p.main_image);
  let at = 0;
  return counts.map((n) => withPhoto.slice(at, (at += n)));
}

/** The grid's tile width (landers.css.ts grid: 2, 3, then 4 columns in at most 1140 px), an upper bound for `srcSet`. */
export const GRID_SIZES = '(min-width: 992px) 270px, (min-width: 576px) 34vw, 50vw';

/** What every lander kind gets: its name, the loaded profiles (empty while loading or refused). */
export type LanderProps = { profiles: MemberCard[]; partner: PartnerTile[]; state: Loaded<LanderAnswer>['status'] };

/** A click that opens the signup modal (a visitor); a member goes where the link says. */
export function useSignupClick(next?: string) {
  const { user } = useStore(sessionStore);
  return (e: MouseEvent) => {
    if (user) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openSignup(next);
  };
}

/** The call to action every lander ends in: the signup (a visitor), or the members (a member). */
export function SignupCta({ align = 'center', label, next }: { align?: 'center' | 'left'; label?: string; next?: string }) {
  const t = useT();
  const { user } = useStore(sessionStore);
  const click = useSignupClick(next);
  const to = user ? (next ?? '/members') : '/signup';
  return (
    <div className={align === 'left' ? s.ctaLeft : s.ctaBox}>
      <Link to={to} className={button.large} onClick={click}>
        {label ?? t('landers.cta')}
      </Link>
      {!user && <p className={s.ctaNote}>{t('landers.cta_note')}</p>}
    </div>
  );
}

export function Hero({
  eyebrow,
  title,
  text,
  children,
  art,
}: {
  eyebrow?: string;
  title: string;
  text: string;
  children?: ReactNode;
  art?: ReactNode;
}) {
  if (art) {
    return (
      <section className={s.hero}>
        <div className={s.heroSplit}>
          <div>
            {eyebrow && <span className={s.eyebrow}>{eyebrow}</span>}
            <h1 className={s.title}>{title}</h1>
            <p className={s.textLeft}>{text}</p>
            {children}
          </div>
          {art}
        </div>
      </section>
    );
  }
  return (
    <section className={s.hero}>
      <div className={s.heroInner}>
        {eyebrow && <span className={s.eyebrow}>{eyebrow}</span>}
        <h1 className={s.title}>{title}</h1>
        <p className={s.text}>{text}</p>
        {children}
      </div>
    </section>
  );
}

/** Age and place of a card, as the site shows them. */
export function useCardMeta() {
  const t = useT();
  const locale = useLocale();
  return (card: MemberCard) =>
    [card.age !== null && t('landers.age', { age: card.age }), card.city ?? (card.country ? regionName(locale, card.country) : null)]
      .filter(Boolean)
      .join(' · ');
}

/** The fictional label and the online mark on a photo. */
export function Badges({ card }: { card: MemberCard }) {
  const t = useT();
  const fictional_singular = useFictionalLabel();
  return (
    <span className={s.badgeRow}>
      {card.fictional ? <span className={s.fictional}>{fictional_singular}</span> : <span />}
      {card.online && (
        <span className={s.online}>
          <span className={s.dot} aria-hidden="true" />
          {t('landers.online')}
        </span>
      )}
    </span>
  );
}

/** A profile on a lander: the thumbnail, or the display version where the tile is wider than it; a visitor's click opens the signup, a member's the profile. */
export function ProfileTile({ card, eager = false }: { card: MemberCard; eager?: boolean }) {
  const photo = usePhotoUrls();
  const meta = useCardMeta();
  const click = useSignupClick(`/members/${card.id}`);
  return (
    <Link to={`/members/${card.id}`} className={s.tile} onClick={click}>
      {card.main_image ? (
        <img
          className={s.tileImage}
          {...photo.tile(card.main_image, GRID_SIZES)}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          width={300}
          height={400}
        />
      ) : (
        <span className={s.initial}>{card.name.slice(0, 1)}</span>
      )}
      <span className={s.tileShade} />
      <Badges card={card} />
      <span className={s.tileBody}>
        <span className={s.tileName}>{card.name}</span>
        <span className={s.tileMeta}>{meta(card)}</span>
      </span>
    </Link>
  );
}

function CamIcon() {
  return (
    <svg className={s.partnerIcon} viewBox="0 0 48 48" aria-hidden="true">
      <rect x="4" y="12" width="28" height="24" rx="5" fill="none" stroke="#fff" strokeWidth="3" />
      <path d="M32 21l12-7v20l-12-7z" fill="#fff" />
      <circle cx="12" cy="19" r="3" fill="#ff4d6d" />
    </svg>
  );
}
function PeopleIcon() {
  return (
    <svg className={s.partnerIcon} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="17" cy="17" r="7" fill="#fff" />
      <circle cx="33" cy="19" r="6" fill="#fff" opacity="0.8" />
      <path d="M4 40c0-8 6-13 13-13s13 5 13 13z" fill="#fff" />
      <path d="M28 40c0-5-1-8-3-10 2-1 5-2 8-2 6 0 11 4 11 12z" fill="#fff" opacity="0.8" />
    </svg>
  );
}

/** A cam or resell tile (settings.member_resell): marked as the partner's, opening the partner's site. */
export function PartnerTileLink({ tile }: { tile: PartnerTile }) {
  const t = useT();
  return (
    <a href={tile.url} className={s.partnerTile[tile.kind]} rel="sponsored noopener" target="_blank" data-kind={tile.kind}>
      {tile.kind === 'cam' ? <CamIcon /> : <PeopleIcon />}
      <span className={s.badgeRow}>
        <span className={s.partnerMark}>{t('landers.partner.label')}</span>
      </span>
      <span className={s.tileBody}>
        <span className={s.tileName}>{t(`landers.partner.${tile.kind}`)}</span>
        <span className={s.tileMeta}>{t(`landers.partner.${tile.kind}_text`)}</span>
      </span>
    </a>
  );
}

/** Tiles of profiles (partner tiles after the fourth); placeholders while loading or refused. */
export function ProfileGrid({ profiles, partner, state, count = 8 }: LanderProps & { count?: number }) {
  const t = useT();
  const shown = profiles.slice(0, count);
  const items: ReactNode[] = shown.map((card, i) => (
    <li key={card.id}>
      <ProfileTile card={card} eager={i < 4} />
    </li>
  ));
  partner.forEach((tile, i) =>
    items.splice(
      Math.min(items.length, 4 + i * 3),
      0,
      <li key={`partner-${tile.kind}`}>
        <PartnerTileLink tile={tile} />
      </li>,
    ),
  );
  if (state !== 'ok') {
    return (
      <>
        {state === 'refused' && <p className={s.locked}>{t('landers.locked')}</p>}
        <ul className={s.grid} aria-hidden="true">
          {Array.from({ length: Math.min(count, 8) }, (_, i) => (
            <li key={i}>
              <span className={s.placeholder} />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return <ul className={s.grid}>{items}</ul>;
}
