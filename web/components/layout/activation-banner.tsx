import { useState } from 'react';
import type { User } from '../../../worker/contracts/account';
import { resendActivation } from '../../lib/calls/resend-activation';
import { useT } from '../../lib/i18n';
import { button } from '../ui/button.css';
import * as s from './banner.css';

/** Spec section 2: reminds a member to confirm the e-mail address, with "Stuur opnieuw"; dismissible (for a day: worker/contracts/banners.ts). */
export function ActivationBanner({ user, onDismiss }: { user: User; onDismiss: () => void }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'failed'>('idle');
  const resend = async () => {
    setState('busy');
    setState((await resendActivation()).ok ? 'sent' : 'failed');
  };
  return (
    <div className={s.banner} role="region" aria-label={t('banner.label')}>
      <div className={`${s.inner} ${s.withCorner}`}>
        <p className={s.text}>{t('banner.activation', { email: user.email })}</p>
        {state === 'sent' ? (
          <p className={s.done} role="status">
            {t('banner.resent')}
          </p>
        ) : (
          <button type="button" className={`${button.outline} ${s.action}`} disabled={state === 'busy'} onClick={() => void resend()}>
            {t('banner.resend')}
          </button>
        )}
        {state === 'failed' && (
          <p role="alert" className={s.text}>
            {t('errors.generic')}
          </p>
        )}
        <button type="button" className={`${s.close} ${s.corner}`} onClick={onDismiss} aria-label={t('banner.dismiss')}>
          ×
        </button>
      </div>
    </div>
  );
}
