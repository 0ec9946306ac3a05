import { use, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { button } from '../../components/ui/button.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import type { ApiResult } from '../../lib/request';
import { sessionStore, setUser } from '../../lib/user';
import { confirmMailChange, type MailChangeAnswer } from './api/mail-change-do';

const noToken: Promise<ApiResult<MailChangeAnswer>> = Promise.resolve({ ok: false, status: 400, error: 'link_invalid', message: '', issues: [] });

/** /mail-change/do?token: confirms the new address on arrival (the screen suspends meanwhile). */
export function MailChangeDoPage() {
  const token = useSearchParams()[0].get('token');
  const res = use(token ? confirmMailChange(token) : noToken);
  return <Outcome res={res} />;
}

function Outcome({ res }: { res: ApiResult<MailChangeAnswer> }) {
  const t = useT();
  useEffect(() => {
    // Only a logged-in member's state changes; a visitor opening the link stays a visitor.
    if (res.ok && res.data.user && sessionStore.get().status === 'in') setUser(res.data.user);
  }, [res]);
  return res.ok ? (
    <Panel title={t('mail_change.title')} icon="success">
      <p role="status">{res.data.user ? t('mail_change.done', { email: res.data.user.email }) : t('mail_change.done_generic')}</p>
      <Link className={button.primary} to="/">
        {t('form.back_home')}
      </Link>
    </Panel>
  ) : (
    <Panel title={t('mail_change.title')} icon="danger">
      <p role="alert">{res.message || t('errors.link_invalid')}</p>
    </Panel>
  );
}
