import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { DELETION_GRACE_DAYS } from '../../../worker/contracts/account.values';
import { button } from '../../components/ui/button.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { setUser } from '../../lib/user';
import * as s from './auth.css';

/** Spec section 4: a deleted account can be reactivated for 14 days via the mailed link. */
export function AccountDeletedPage() {
  const t = useT();
  // The server ended the session; forget the member here, once the settings screen is gone
  // (clearing it there would send its login guard to /login first).
  useEffect(() => setUser(null), []);
  return (
    <Panel title={t('account_deleted.title')} icon="info">
      <p className={s.text}>{t('account_deleted.text')}</p>
      <p className={s.text}>{t('account_deleted.reactivate', { days: DELETION_GRACE_DAYS })}</p>
      <Link className={button.outline} to="/">
        {t('form.back_home')}
      </Link>
    </Panel>
  );
}
