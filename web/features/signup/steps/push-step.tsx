import { useState } from 'react';
import type { PushPermission } from '../../../../worker/contracts/account';
import { FormAlert } from '../../../components/ui/form';
import * as f from '../../../components/ui/form.css';
import { useSettings } from '../../../lib/boot';
import { DISMISSAL_KEYS, dismiss } from '../../../lib/dismissals';
import { useT } from '../../../lib/i18n';
import { enablePush, pushSupported } from '../../../lib/push';
import * as s from '../signup.css';
import { StepActions } from './step-actions';
import { useStepSave } from './use-step';

/**
 * Asks for notifications and answers the browser's permission at once (the wizard moves on);
 * when allowed, this browser subscribes for pushes meanwhile (lib/push: the service worker, the
 * push service, the worker), which can take a while. Without the Notification API (older iOS,
 * some webviews) it stays 'default'; a subscription that fails leaves the push alert to offer it
 * again later.
 */
export async function turnOnPush(publicKey: string): Promise<PushPermission> {
  if (typeof Notification === 'undefined') return 'default';
  const permission = await Notification.requestPermission().catch(() => Notification.permission);
  if (permission === 'granted' && pushSupported()) void enablePush(publicKey).catch(() => {});
  return permission;
}

/**
 * The push step answered or skipped: the push alert does not ask again right away (issue 33). It counts
 * as the alert's own dismissal, which holds for two weeks (worker/contracts/banners.ts BANNER_SNOOZE).
 */
const answered = () => dismiss(DISMISSAL_KEYS.push);

/** Step 6: explain, turn notifications on (permission and subscription) and store the answer, or skip. */
export function PushStep() {
  const t = useT();
  const step = useStepSave();
  const { push_public_key } = useSettings();
  const [asking, setAsking] = useState(false);
  const supported = typeof Notification !== 'undefined';
  return (
    <div className={f.form}>
      <div className={s.pushArt} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="36" height="36">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
          />
        </svg>
      </div>
      {!supported && <p className={f.small}>{t('signup.push.unsupported')}</p>}
      <FormAlert failure={step.failure} />
      <StepActions
        busy={step.busy || asking}
        next={t('signup.push.enable')}
        onNext={() => {
          setAsking(true);
          void turnOnPush(push_public_key).then((push_permission) => {
            setAsking(false);
            answered();
            return step.save({ step: 'push', push_permission });
          });
        }}
        onSkip={() => {
          answered();
          void step.save({ step: 'push', skip: true });
        }}
      />
    </div>
  );
}
