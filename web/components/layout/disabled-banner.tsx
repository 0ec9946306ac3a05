import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../../../worker/contracts/account';
import { DISMISSAL_KEYS, dismiss, dismissedAt } from '../../lib/dismissals';
import { useT } from '../../lib/i18n';
import { button } from '../ui/button.css';
import * as s from './banner.css';
import { showDisabledBanner } from './disabled-banner.rules';

/** Spec section 2: mail to the member is switched off (bounce, complaint, unsubscribe); the fix is on /notifications. Dismissible, one row. */
export function DisabledBanner({ user, route }: { user: User; route: string | undefined }) {
  const t = useT();
  const [hiddenAt, setHiddenAt] = useState(() => dismissedAt(DISMISSAL_KEYS.disabledNotifications));
  if (!showDisabledBanner(user, route, hiddenAt)) return null;
  const close = () => {
    const now = Date.now();
    dismiss(DISMISSAL_KEYS.disabledNotifications, now);
    setHiddenAt(now);
  };
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
          <button type="button" className={s.close} onClick={close} aria-label={t('banner.dismiss')}>
            ×
          </button>
        </div>
      </div>
    </div>
  );
}
