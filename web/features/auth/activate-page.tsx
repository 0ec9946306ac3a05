import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, Notice, useApiForm } from '../../components/ui/form';
import { Panel } from '../../components/ui/panel';
import { resendActivation } from '../../lib/calls/resend-activation';
import { useT } from '../../lib/i18n';
import { refresh } from '../../lib/session';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import * as s from './auth.css';

/** /activate/done and /activate/error: where the activation link (/api/activate.php) lands. */
export function ActivatePage({ outcome }: { outcome: 'done' | 'error' }) {
  const t = useT();
  const { user } = useStore(sessionStore);
  const resend = useApiForm();
  const [resent, setResent] = useState(false);

  useEffect(() => {
    // The member's status changed on the server (not_confirmed → active): hide the reminder banner.
    if (outcome === 'done' && sessionStore.get().status === 'in') void refresh();
  }, [outcome]);

  if (outcome === 'done') {
    return (
      <Panel title={t('activate.done_title')} icon="success">
        <p className={s.text}>{t('activate.done_text')}</p>
        <Link className={button.primary} to="/">
          {t('activate.start')}
        </Link>
      </Panel>
    );
  }
  return (
    <Panel title={t('errors.activation_failed')} icon="danger">
      <p className={s.text}>{t('activate.error_text')}</p>
      {resent && <Notice>{t('activate.resent')}</Notice>}
      <FormAlert failure={resend.failure} />
      <div className={s.center}>
        {user?.status === 'not_confirmed' && !resent && (
          <button
            type="button"
            className={`${button.primary} ${disabledState}`}
            disabled={resend.busy}
            onClick={() => void resend.submit(resendActivation, () => setResent(true))}
          >
            {t('activate.resend')}
          </button>
        )}
        <Link className={button.outline} to="/">
          {t('form.back_home')}
        </Link>
      </div>
    </Panel>
  );
}
