import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { button } from '../ui/button.css';
import * as s from './banner.css';

/** Spec section 2: mail to the member is switched off (bounce, complaint, unsubscribe); the fix is on /notifications. Dismissible, one row. */
export function DisabledBanner({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  return (
    <div className={`${s.banner} ${s.reserved}`} role="region" aria-label={t('banner.disabled_label')}>
      <div className={`${s.inner} ${s.oneLine}`}>
        <p className={s.text}>
          <span className={s.short}>{t('banner.disabled_short')}</span>
          <span className={s.long}>{t('banner.disabled_text')}</span>
        </p>
        <div className={s.actions}>
          <Link to="/notifications" className={`${button.outline} ${s.action} ${s.oneLineAction}`}>
            {t('banner.disabled_action')}
          </Link>
          <button type="button" className={s.close} onClick={onDismiss} aria-label={t('banner.dismiss')}>
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
