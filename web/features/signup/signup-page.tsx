import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Panel } from '../../components/ui/panel';
import { useT } from '../../lib/i18n';
import { takeSignupNext } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { SignupWizard } from './signup-wizard';
import { memberHome } from '../../../worker/contracts/account.values';

/** /signup (a visitor starts) and /complete-signup (a member continues at user.signup_step). */
export function SignupPage({ resume = false }: { resume?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const { status, user } = useStore(sessionStore);
  const done = useCallback(() => navigate(takeSignupNext(), { replace: true }), [navigate]);
  if (status === 'loading') return null;
  if (resume && !user) return <Navigate to="/login" replace state={{ from: '/complete-signup' }} />;
  if (user?.signup_step === 'done') return <Navigate to={memberHome(user)} replace />;
  return (
    <Panel title={t('signup.title')}>
      <SignupWizard level={2} onDone={done} />
    </Panel>
  );
}
