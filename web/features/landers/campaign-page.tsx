import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { MemberProfile } from '../../../worker/contracts/profiles';
import { button } from '../../components/ui/button.css';
import { ErrorPage } from '../../components/ui/error-page';
import { useFictionalLabel } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { regionName } from '../../lib/intl';
import { usePhotoUrls } from '../../lib/photos';
import { openSignup } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { useCampaignProfile } from './api/get-lander';
import * as s from './landers.css';
import { useSignupClick } from './parts';

export type CampaignVariant = 'landing' | 'landing2' | 'landing3' | 'signup';

/** The profile's main photo, name, age, place and a few words about them. */
function Profile({ profile, variant }: { profile: MemberProfile; variant: CampaignVariant }) {
  const t = useT();
  const locale = useLocale();
  const photo = usePhotoUrls();
  const fictional_singular = useFictionalLabel();
  const { user } = useStore(sessionStore);
  const chat = `/members/${profile.id}/chat`;
  const click = useSignupClick(chat);
  const found = profile.photos.find((p) => p.main);
  const main = found?.match && found.thumb_filename ? { match: found.match, thumb_filename: found.thumb_filename } : null;
  const layout = variant === 'signup' ? 'landing' : variant;
  const place = profile.city ?? (profile.country ? regionName(locale, profile.country) : null);
  const facts = [
    profile.age !== undefined && t('landers.age', { age: profile.age }),
    place,
    profile.fictional && fictional_singular,
  ].filter((f): f is string => !!f);
  const image = main ? (
    <img className={s.campaignPhoto} {...photo.tile(main, '(min-width: 768px) 420px, 100vw')} alt={profile.name} width={420} height={560} />
  ) : (
    <span className={s.campaignPhoto} />
  );
  const copy = (
    <div>
      {profile.online && <span className={s.eyebrow}>{t('landers.online')}</span>}
      <h1 className={s.title}>{t(`landers.campaign.${variant}`, { name: profile.name })}</h1>
      <ul className={layout === 'landing2' ? s.factsCenter : s.campaignFacts}>
        {facts.map((f) => (
          <li key={f} className={s.fact}>
            {f}
          </li>
        ))}
      </ul>
      {profile.about_me && (
        <p className={s.about}>{profile.about_me.length > 280 ? `${profile.about_me.slice(0, 277)}…` : profile.about_me}</p>
      )}
      <p className={layout === 'landing2' ? s.text : s.textLeft}>{t('landers.campaign.text', { name: profile.name })}</p>
      <div className={layout === 'landing2' ? s.ctaBox : s.ctaLeft}>
        <Link to={user ? chat : '/signup'} className={button.large} onClick={click}>
          {t('landers.campaign.chat', { name: profile.name })}
        </Link>
        {!user && <p className={s.ctaNote}>{t('landers.cta_note')}</p>}
      </div>
    </div>
  );
  return (
    <section className={s.campaignBand}>
      <div className={s.campaign[layout]} data-campaign={variant}>
        {layout === 'landing3' ? (
          <>
            {copy}
            {image}
          </>
        ) : (
          <>
            {image}
            {copy}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Spec section 2: campaign pages about one profile (/members/{id}/landing, /signup, /landing2,
 * /landing3). The profile call refuses unknown ids and other niches (404). A finished signup
 * started here goes to the profile's chat; /signup opens the signup at once.
 */
export function CampaignPage({ variant }: { variant: CampaignVariant }) {
  const { id = '' } = useParams();
  const answer = useCampaignProfile(id);
  const { user } = useStore(sessionStore);
  const found = answer.status === 'ok';
  useEffect(() => {
    if (variant === 'signup' && found && !user) openSignup(`/members/${id}/chat`);
  }, [variant, found, user, id]);
  if (!/^\d+$/.test(id) || answer.status === 'refused')
    return <ErrorPage status={answer.status === 'refused' && answer.code !== 404 ? 500 : 404} />;
  if (answer.status === 'loading') return <section className={s.campaignBand} />;
  return <Profile profile={answer.data.profile} variant={variant} />;
}

/** Loaded with this page by the router (web/app/router.tsx), so the entry carries no catalogue loaders of the landers. */
export { loadLandersCatalogue } from '../../lib/landers-catalogue';
