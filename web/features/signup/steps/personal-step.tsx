import { useState, type FormEvent } from 'react';
import type { User } from '../../../../worker/contracts/account';
import { sexualitiesFor } from '../../../../worker/contracts/profiles.values';
import type { Gender, Sexuality } from '../../../../worker/contracts/profiles';
import { FormAlert, RadioGroup, localFailure } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useT } from '../../../lib/i18n';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 4: sexuality (the options of the member's gender: contracts sexualitiesFor), or skip. */
export function PersonalStep({ user }: { user: User }) {
  const t = useT();
  const step = useStepSave();
  const options = sexualitiesFor(user.profile.gender as Gender);
  const [sexuality, setSexuality] = useState<Sexuality | null>(
    user.profile.sexuality && options.includes(user.profile.sexuality) ? user.profile.sexuality : null,
  );

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
        options={options.map((value) => ({ value, label: t(`signup.personal.${value}`) }))}
        onChange={(value) => {
          setSexuality(value);
          step.settle(['sexuality'], []);
        }}
        error={step.fieldError('sexuality')}
      />
      <StepActions busy={step.busy} onSkip={() => void step.save({ step: 'personal', skip: true })} />
    </form>
  );
}
