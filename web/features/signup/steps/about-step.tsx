import { useState, type FormEvent } from 'react';
import type { User } from '../../../../worker/contracts/account';
import { ABOUT_ME_MAX } from '../../../../worker/contracts/profiles.values';
import { FormAlert, TextAreaField } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useT } from '../../../lib/i18n';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/** Step 5: a free text about oneself (max 2000), or skip. */
export function AboutStep({ user }: { user: User }) {
  const t = useT();
  const step = useStepSave();
  const [text, setText] = useState(user.profile.about_me ?? '');

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const about_me = text.trim();
    void step.save(about_me ? { step: 'about', about_me } : { step: 'about', skip: true });
  }

  return (
    <form className={f.form} onSubmit={onSubmit} noValidate>
      <FormAlert failure={step.failure} fields={['about_me']} />
      <TextAreaField
        label={t('signup.about.label')}
        name="about_me"
        maxLength={ABOUT_ME_MAX}
        rows={6}
        placeholder={t('signup.about.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={t('signup.about.count', { count: text.length, max: ABOUT_ME_MAX })}
        error={step.fieldError('about_me')}
      />
      <StepActions busy={step.busy} onSkip={() => void step.save({ step: 'about', skip: true })} />
    </form>
  );
}
