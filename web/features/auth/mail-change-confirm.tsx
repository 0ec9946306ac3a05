import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { MailChangeDoAnswer } from '../../../worker/contracts/account';
import { button } from '../../components/ui/button.css';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { withQueries } from '../../lib/query-client';
import type { ApiResult } from '../../lib/request';
import { sessionStore, setUser } from '../../lib/user';
import { useConfirmMailChange } from './api/confirm-mail-change';

const noToken: ApiResult<MailChangeDoAnswer> = { ok: false, status: 400, error: 'link_invalid', message: '', issues: [] };

/** Confirms the token once (React Query keeps the outcome); suspends until it is known. */
function MailChangeConfirm({ token }: { token: string | null }) {
  return token ? <Confirm token={token} /> : <Outcome res={noToken} />;
}

function Confirm({ token }: { token: string }) {
  return <Outcome res={useConfirmMailChange(token)} />;
}

function Outcome({ res }: { res: ApiResult<MailChangeDoAnswer> }) {
  const t = useT();
  const user = res.ok && 'user' in res.data ? res.data.user : null;
  useEffect(() => {
    // Only a logged-in member's state changes; a visitor opening the link stays a visitor.
    if (user && sessionStore.get().status === 'in') setUser(user);
  }, [user]);
  return res.ok ? (
    <Panel title={t('mail_change.title')} icon="success">
      <p role="status">{user ? t('mail_change.done', { email: user.email }) : t('mail_change.done_generic')}</p>
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

export default withQueries(MailChangeConfirm);
