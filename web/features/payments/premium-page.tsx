import { RequireLogin } from '../../components/layout/require-login';
import * as p from '../../components/ui/page.css';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { PackageGrid } from './package-grid';
import * as s from './payments.css';

/**
 * /premium (spec sections 1 and 2): the package overview with what premium brings and the site's
 * promises: no subscriptions, unused credits refundable, refund_days days of free cancellation,
 * the 46% line. Premium comes with the first package.
 */
export function PremiumPage() {
  return (
    <RequireLogin>
      <Premium />
    </RequireLogin>
  );
}

function Premium() {
  const t = useT();
  const { refund_days } = useSettings();
  const { user } = useStore(sessionStore);
  const premium = !!user?.paid_user;
  return (
    <div className={p.page}>
      <title>{t('premium.title')}</title>
      <header className={s.hero}>
        {premium && <span className={s.premiumBadge}>{t('premium.is_premium')}</span>}
        <h1 className={p.title}>{premium ? t('premium.is_premium') : t('premium.title')}</h1>
        <p className={s.heroText}>{premium ? t('premium.is_premium_text') : t('premium.intro')}</p>
      </header>
      <div className={s.columns}>
        <section className={s.box}>
          <h2 className={s.boxTitle}>{t('premium.benefits')}</h2>
          <ul className={s.checks}>
            <li className={s.check}>{t('premium.benefit_photos')}</li>
            <li className={s.check}>{t('premium.benefit_upload')}</li>
            <li className={s.check}>{t('premium.benefit_chat_photos')}</li>
            <li className={s.check}>{t('premium.benefit_chance')}</li>
          </ul>
        </section>
        <section className={s.box}>
          <h2 className={s.boxTitle}>{t('premium.promises')}</h2>
          <ul className={s.checks}>
            <li className={s.check}>
              <span className={s.promise}>
                {t('premium.no_subscription')}
                <span className={s.promiseText}>{t('premium.no_subscription_text')}</span>
              </span>
            </li>
            <li className={s.check}>
              <span className={s.promise}>
                {t('premium.refundable')}
                <span className={s.promiseText}>{t('premium.refundable_text')}</span>
              </span>
            </li>
            <li className={s.check}>
              <span className={s.promise}>
                {t('premium.cancel', { days: refund_days })}
                <span className={s.promiseText}>{t('premium.cancel_text', { days: refund_days })}</span>
              </span>
            </li>
          </ul>
        </section>
      </div>
      <h2 className={s.sectionTitle}>{t('premium.choose')}</h2>
      <PackageGrid />
    </div>
  );
}
