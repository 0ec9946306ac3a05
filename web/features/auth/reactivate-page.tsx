import { useState } from 'react';
import { memberHome } from '../../../worker/contracts/account.values';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { button, disabledState } from '../../components/ui/button.css';
import { FormAlert, useApiForm } from '../../components/ui/form';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { setUser } from '../../lib/user';
import { reactivate } from './api/reactivate';

/**
 * /reactivate?token: the mailed link opens this page and the member confirms with a button, so
 * a mail scanner following the link cannot bring the account back (or get its session).
 */
export function ReactivatePage() {
  const t = useT();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useApiForm();
  const [failed, setFailed] = useState(false);
  const confirm = () =>
    void form.submit(
      async () => {
        const res = await reactivate({ token });
        if (!res.ok) setFailed(true);
        return res;
      },
      (data) => {
        setUser(data.user);
        navigate(memberHome(data.user), { replace: true });
      },
    );
  return (
    <Panel title={t('reactivate.title')} icon={failed ? 'danger' : 'info'}>
      <p>{t('reactivate.text')}</p>
      <FormAlert failure={form.failure} fields={[]} />
      {failed ? (
        <Link className={button.outline} to="/login">
          {t('reset.back_to_login')}
        </Link>
      ) : (
        <button
          type="button"
          className={`${button.primary} ${disabledState}`}
          disabled={form.busy || !token}
          aria-busy={form.busy}
          onClick={confirm}
        >
          {form.busy ? t('form.saving') : t('reactivate.submit')}
        </button>
      )}
    </Panel>
  );
}
