import { Link } from 'react-router-dom';
import type { MemberCard as Card } from '../../../worker/contracts/profiles';
import { useFictionalLabel } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { regionName } from '../../lib/intl';
import { usePhotoUrls } from '../../lib/photos';
import * as nav from '../layout/top-nav.css';
import { ChatIcon } from './chat-icon';
import * as c from './member-card.css';
import * as s from './page.css';

type Props = {
  card: Card;
  /** The link; the likes page opens /likes/m/:id. */
  to?: string;
  /** A label on the photo ("Nieuw"). */
  flag?: string;
  /** Called when the card is opened (the search remembers where it was). */
  onOpen?: () => void;
  /** A second link on the photo's corner, e.g. the likes' "send a message" (/members/:id/chat). */
  action?: { to: string; label: string };
  /** A card of the first screen: its photo loads at once, at high priority (the others lazily). */
  first?: boolean;
};

/** A member in a list (search results, likes): photo (or the initial), name, age, place, the fictional label and photo count. */
export function MemberCard({ card, to = `/members/${card.id}`, flag, onOpen, action, first = false }: Props) {
  const t = useT();
  const locale = useLocale();
  const fictional_singular = useFictionalLabel();
  const photo = usePhotoUrls();
  const place = card.city ?? (card.country ? regionName(locale, card.country) : null);
  return (
    <li className={c.item}>
      <Link to={to} className={c.card} onClick={onOpen}>
        <div className={c.photo}>
          {card.main_image ? (
            <img
              className={c.image}
              src={photo.thumb(card.main_image)}
              alt=""
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              decoding="async"
            />
          ) : (
            <span className={s.avatar} aria-hidden="true">
              {card.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          {flag && <span className={c.flag}>{flag}</span>}
          {(card.online || card.recently_active) && (
            <span className={card.online ? c.online : c.recent} title={t(card.online ? 'presence.online' : 'presence.recent')}>
              <span className={nav.visuallyHidden}>{t(card.online ? 'presence.online' : 'presence.recent')}</span>
            </span>
          )}
          {card.photo_count > 0 && (
            <span className={c.count}>
              <span className={nav.visuallyHidden}>{t('search.photo_count', { count: card.photo_count })}</span>
              <svg className={c.countIcon} viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 7h3l2-3h6l2 3h3v13H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" fill="currentColor" fillRule="evenodd" />
              </svg>
              <span aria-hidden="true">{card.photo_count}</span>
            </span>
          )}
        </div>
        <div className={c.body}>
          <span className={c.name}>{card.name}</span>
          <span className={c.meta}>{[card.age !== null && t('search.age', { age: card.age }), place].filter(Boolean).join(' · ')}</span>
          {card.fictional && <span className={s.fictional}>{fictional_singular}</span>}
        </div>
      </Link>
      {action && (
        <Link to={action.to} className={c.action} aria-label={action.label} title={action.label}>
          <ChatIcon className={c.actionIcon} />
        </Link>
      )}
    </li>
  );
}
