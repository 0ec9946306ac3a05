import { useState } from 'react';
import { FormAlert, Notice, useApiForm } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { button, disabledState } from '../../../components/ui/button.css';
import { resendActivation } from '../../../lib/calls/resend-activation';
import { useT } from '../../../lib/i18n';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 7: "check your mail"; resend the activation mail; "Klaar" ends the signup. */
export function ConfirmStep() {
  const t = useT();
  const step = useStepSave();
  const resend = useApiForm();
  const [resent, setResent] = useState(false);
  return (
    <div className={f.form}>
      <p className={f.small}>{t('signup.confirm.spam')}</p>
      {resent && <Notice>{t('signup.confirm.resent')}</Notice>}
      <FormAlert failure={resend.failure ?? step.failure} />
      <div>
        <button
          type="button"
          className={`${button.outline} ${disabledState}`}
          disabled={resend.busy}
          onClick={() => void resend.submit(resendActivation, () => setResent(true))}
        >
          {t('signup.confirm.resend')}
        </button>
      </div>
      <StepActions busy={step.busy} next={t('signup.confirm.done')} onNext={() => void step.save({ step: 'confirm' })} />
    </div>
  );
}
