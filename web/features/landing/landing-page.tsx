import { Link, Navigate } from 'react-router-dom';
import { memberHome } from '../../../worker/contracts/account.values';
import { button } from '../../components/ui/button.css';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { signupLinkClick, useSignupModalOpen } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { Faces } from './faces';
import { HeroArt } from './hero-art';
import * as s from './landing-page.css';

function Check() {
  return (
    <svg className={s.check} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.15" />
      <path d="M7 12.5l3.2 3.2L17.5 8.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
    </svg>
  );
}

/** The signup call to action (a member never stays here: LandingPage sends them home). */
function HeroAction() {
  const t = useT();
  const { status } = useStore(sessionStore);
  if (status !== 'out') return <div className={s.actionSpace} />;
  return (
    <Link to="/signup" className={button.large} onClick={signupLinkClick}>
      {t('landing.cta_signup')}
    </Link>
  );
}

export function LandingPage() {
  const t = useT();
  const settings = useSettings();
  const { user } = useStore(sessionStore);
  const vars = {
    site_name: settings.name,
    signup_credits: settings.signup_credits,
    message_credits: settings.message_credits,
    refund_days: settings.refund_days,
    min_age: settings.min_age,
  };
  // a member's home is people (issue 33): the members page, or the signup where it was left (the worker redirects a page load of / alike);
  // not while the signup modal is open over this page (its account step logs the visitor in; the wizard goes on in the modal)
  const signingUp = useSignupModalOpen();
  if (user && !signingUp) return <Navigate to={memberHome(user)} replace />;
  return (
    <>
      <section className={s.hero}>
        <div className={s.heroInner}>
          <div>
            <h1 className={s.title}>{t(`landing.hero_title.${settings.niche}`)}</h1>
            <p className={s.lead}>{t(`landing.hero_lead.${settings.niche}`)}</p>
            <HeroAction />
            <p className={s.adults}>{t('landing.adults_only', vars)}</p>
          </div>
          <HeroArt kind={settings.hero} />
        </div>
      </section>

      <Faces />

      <section className={s.section} aria-labelledby="how">
        <h2 id="how" className={s.sectionTitle}>
          {t('landing.how_title', vars)}
        </h2>
        <ol className={s.steps}>
          {(['signup', 'search', 'chat'] as const).map((step, i) => (
            <li key={step} className={s.card}>
              <span className={s.stepNumber}>{i + 1}</span>
              <h3 className={s.cardTitle}>{t(`landing.steps.${step}_title`)}</h3>
              <p className={s.cardText}>{t(`landing.steps.${step}_text`, vars)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={s.trustBand} aria-labelledby="trust">
        <div className={s.section}>
          <h2 id="trust" className={s.sectionTitle}>
            {t('landing.trust_title')}
          </h2>
          <ul className={s.trustList}>
            {(['no_subscription', 'refund', 'cancel_days', 'premium_chance', 'privacy'] as const).map((key) => (
              <li key={key} className={s.trustItem}>
                <Check />
                {t(`landing.trust.${key}`, vars)}
              </li>
            ))}
          </ul>
          {!user && (
            <div className={s.ctaRow}>
              <Link to="/signup" className={button.large} onClick={signupLinkClick}>
                {t('landing.cta_signup')}
              </Link>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
