import { useEffect, useState } from 'react';
import { useRequestsInFlight } from '../../lib/activity';
import { useT } from '../../lib/i18n';
import * as s from './progress-bar.css';

/** Spec section 9: the bar appears only when loading lasts longer than 200 ms. */
export const PROGRESS_THROTTLE_MS = 200;

export function ProgressBar() {
  const t = useT();
  // screen chunks and API calls are both counted by lib/activity
  const busy = useRequestsInFlight() > 0;
  const [phase, setPhase] = useState<'idle' | 'running' | 'done'>('idle');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : p));
    const timer = setTimeout(() => setPhase('idle'), 600);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`${s.bar} ${phase === 'running' ? s.running : s.done}`}
      role="progressbar"
      aria-label={t('progress.loading')}
      aria-busy={phase === 'running'}
    />
  );
}
