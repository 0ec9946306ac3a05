import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../components/ui/modal';
import { useT } from '../../lib/i18n';
import { closeSignup, takeSignupNext } from '../../lib/signup-modal';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { signupInProgress } from './signup-steps';
import { SignupWizard } from './signup-wizard';

/** Spec section 4: once the account exists, backdrop and Esc no longer close it. */
export function SignupModal() {
  const t = useT();
  const navigate = useNavigate();
  const { user } = useStore(sessionStore);
  const done = useCallback(() => {
    closeSignup();
    navigate(takeSignupNext());
  }, [navigate]);
  return (
    <Modal title={t('signup.title')} onDismiss={signupInProgress(user) ? undefined : closeSignup}>
      <SignupWizard level={3} onDone={done} />
    </Modal>
  );
}
