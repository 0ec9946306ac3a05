import { useState, type FormEvent } from 'react';
import type { User } from '../../../../worker/contracts/account';
import { PROFILE_CHOICES } from '../../../../worker/contracts/profiles.values';
import type { Sexuality } from '../../../../worker/contracts/profiles';
import { FormAlert, RadioGroup, localFailure } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useT } from '../../../lib/i18n';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 4: sexuality, or skip. */
export function PersonalStep({ user }: { user: User }) {
  const t = useT();
  const step = useStepSave();
  const [sexuality, setSexuality] = useState<Sexuality | null>(user.profile.sexuality);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!sexuality) return step.setFailure(localFailure([{ path: 'sexuality', message: t('form.required') }]));
    void step.save({ step: 'personal', sexuality });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <FormAlert failure={step.failure} fields={['sexuality']} />
      <RadioGroup
        label={t('signup.personal.sexuality')}
        name="sexuality"
        value={sexuality}
        options={PROFILE_CHOICES.sexuality.map((value) => ({ value, label: t(`signup.personal.${value}`) }))}
        onChange={setSexuality}
        error={step.fieldError('sexuality')}
      />
      <StepActions busy={step.busy} onSkip={() => void step.save({ step: 'personal', skip: true })} />
    </form>
  );
}
