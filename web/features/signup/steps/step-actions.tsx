import type { ReactNode } from 'react';
import { block, button, disabledState, quiet } from '../../../components/ui/button.css';
import { useT } from '../../../lib/i18n';
import * as s from '../signup.css';

/** The primary action of a step and, for optional steps, "Overslaan". */
export function StepActions({ busy, onSkip, next, onNext }: { busy: boolean; onSkip?: () => void; next?: ReactNode; onNext?: () => void }) {
  const t = useT();
  return (
    <div className={s.split}>
      {onSkip ? (
        <button type="button" className={quiet} onClick={onSkip} disabled={busy}>
          {t('form.skip')}
        </button>
      ) : (
        <span />
      )}
      <button
        type={onNext ? 'button' : 'submit'}
        onClick={onNext}
        className={`${button.primary} ${disabledState}`}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? t('form.saving') : (next ?? t('form.next'))}
      </button>
    </div>
  );
}

export const fullWidth = `${button.primary} ${block} ${disabledState}`;
