import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useStore } from '../../lib/store';
import { sessionStore } from '../../lib/user';
import { SIGNUP_STEPS, currentStep, stepNumber, type WizardStep } from './signup-steps';
import * as s from './signup.css';
import { AboutStep } from './steps/about-step';
import { AccountStep } from './steps/account-step';
import { ConfirmStep } from './steps/confirm-step';
import { LocationStep } from './steps/location-step';
import { PersonalStep } from './steps/personal-step';
import { PhotoStep } from './steps/photo-step';
import { PushStep } from './steps/push-step';

function Progress({ step }: { step: WizardStep }) {
  const t = useT();
  const n = stepNumber(step);
  return (
    <div className={s.progress}>
      <p className={s.progressText}>{t('signup.progress', { step: n, total: SIGNUP_STEPS.length })}</p>
      <div className={s.segments} aria-hidden="true">
        {SIGNUP_STEPS.map((name, i) => (
          <span key={name} className={i < n ? s.seg.done : s.seg.todo} />
        ))}
      </div>
    </div>
  );
}

/**
 * The signup steps of spec section 2, shown in the modal and on /signup and /complete-signup.
 * The step comes from the server (user.signup_step), so a reload continues where one left off.
 */
export function SignupWizard({ level, onDone }: { level: 2 | 3; onDone: () => void }) {
  const t = useT();
  const { user } = useStore(sessionStore);
  const step = currentStep(user);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (step === 'done') return onDone();
    // Announce each new step to screen readers by moving focus to its title (not on first show).
    if (!first.current) heading.current?.focus();
    first.current = false;
  }, [step, onDone]);

  if (step === 'done') return null;
  let body: ReactNode;
  if (!user) body = <AccountStep />;
  else if (step === 'photo') body = <PhotoStep user={user} />;
  else if (step === 'location') body = <LocationStep user={user} />;
  else if (step === 'personal') body = <PersonalStep user={user} />;
  else if (step === 'about') body = <AboutStep user={user} />;
  else if (step === 'push') body = <PushStep />;
  else body = <ConfirmStep />;

  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Progress step={step} />
      <Heading ref={heading} tabIndex={-1} className={s.stepTitle}>
        {t(`signup.${step}.title`)}
      </Heading>
      <p className={s.intro}>{t(`signup.${step}.intro`, { email: user?.email })}</p>
      {body}
    </div>
  );
}
