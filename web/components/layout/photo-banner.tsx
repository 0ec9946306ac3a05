import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { button } from '../ui/button.css';
import * as s from './banner.css';

/** Spec section 2: asks a member without a profile photo to add one on /profile; dismissible. One line on a phone (the short text). */
export function PhotoBanner({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  return (
    <div className={`${s.banner} ${s.reserved}`} role="region" aria-label={t('banner.photo_label')}>
      <div className={`${s.inner} ${s.oneLine}`}>
        <p className={s.text}>
          <span className={s.short}>{t('banner.photo_short')}</span>
          <span className={s.long}>{t('banner.photo_text')}</span>
        </p>
        <div className={s.actions}>
          <Link to="/profile" className={`${button.outline} ${s.action} ${s.oneLineAction}`}>
            {t('banner.photo_action')}
          </Link>
          <button type="button" className={s.close} onClick={onDismiss} aria-label={t('banner.dismiss')}>
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
