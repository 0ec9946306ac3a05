import { Link } from 'react-router-dom';
import { LANDING_FACES } from '../../../worker/contracts/landers.values';
import type { MemberCard } from '../../../worker/contracts/profiles';
import { useFictionalLabel, useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { usePhotoUrls } from '../../lib/photos';
import { signupLinkClick } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useFaces } from './api/get-faces';
import * as s from './faces.css';

/** A tile's width: a quarter of a phone's screen, at most 140 px from 992 px (faces.css.ts). */
const SIZES = '(min-width: 992px) 140px, 25vw';

function Face({ card, member }: { card: MemberCard; member: boolean }) {
  const t = useT();
  const photo = usePhotoUrls();
  const label = useFictionalLabel();
  const meta = card.age !== null ? t('landing.faces_age', { age: card.age }) : null;
  return (
    <Link to={member ? `/members/${card.id}` : '/signup'} className={s.tile} onClick={member ? undefined : signupLinkClick}>
      {card.main_image && (
        <img className={s.image} {...photo.tile(card.main_image, SIZES)} alt="" loading="lazy" decoding="async" width={300} height={400} />
      )}
      <span className={s.shade} />
      {card.fictional && <span className={s.fictional}>{label}</span>}
      <span className={s.body}>
        <span className={s.name}>{card.name}</span>
        {meta && <span className={s.meta}>{meta}</span>}
      </span>
    </Link>
  );
}

/**
 * The landing page's faces (issue 33): people the site's visitors look for, fictional or who allowed
 * it (GET /api/faces.php, the landers' rule). The prerendered page carries the boxes; the app fills
 * them after it has taken the page over. Shown where a visitor may search without a traffic source
 * (the build cannot know one), and to members.
 */
export function Faces() {
  const t = useT();
  const settings = useSettings();
  const { user } = useStore(sessionStore);
  const faces = useFaces();
  if (!user && (!settings.logged_out_search || settings.logged_out_search_trafficsource)) return null;
  const profiles = faces.status === 'ok' ? faces.profiles.slice(0, LANDING_FACES) : [];
  return (
    <section className={s.section} aria-labelledby="faces" aria-busy={faces.status === 'loading'} data-faces={faces.status}>
      <h2 id="faces" className={s.title}>
        {t('landing.faces_title', { site_name: settings.name })}
      </h2>
      <ul className={s.grid}>
        {profiles.map((card) => (
          <li key={card.id}>
            <Face card={card} member={!!user} />
          </li>
        ))}
        {Array.from({ length: LANDING_FACES - profiles.length }, (_, i) => (
          <li key={`blank-${i}`} aria-hidden="true">
            <span className={s.tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}
