import { useState } from 'react';
import type { User } from '../../../worker/contracts/account';
import { useSettings } from '../../lib/boot';
import { DISMISSAL_KEYS, dismiss, dismissedAt } from '../../lib/dismissals';
import { useT } from '../../lib/i18n';
import { enablePush, pushStore } from '../../lib/push';
import { useStore } from '../../lib/store';
import { button, quiet } from '../ui/button.css';
import * as s from './banner.css';
import { showPushBanner } from './push-banner.rules';

/**
 * Spec section 2: the push-notification alert with its enable button, while this browser can turn
 * notifications on; "Niet nu" dismisses it for good (hide-push-notification-alert). One row at every
 * width (the short text on a phone).
 */
export function PushBanner({ user, route }: { user: User; route: string | undefined }) {
  const t = useT();
  const { push_public_key } = useSettings();
  const state = useStore(pushStore);
  const [hiddenAt, setHiddenAt] = useState(() => dismissedAt(DISMISSAL_KEYS.push));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!showPushBanner(user, route, state, hiddenAt)) return null;
  const later = () => {
    const now = Date.now();
    dismiss(DISMISSAL_KEYS.push, now);
    setHiddenAt(now);
  };
  const enable = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await enablePush(push_public_key);
    } catch {
      setFailed(true);
    }
    setBusy(false);
  };
  return (
    <div className={s.banner} role="region" aria-label={t('banner.push_label')}>
      <div className={`${s.inner} ${s.oneLine}`}>
        <p className={`${s.text} ${s.withIcon}`}>
          <svg className={s.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2z"
            />
          </svg>
          <span className={s.short}>{t('banner.push_short')}</span>
          <span className={s.long}>{t('banner.push_text')}</span>
          {failed && (
            <span role="alert" className={s.failure}>
              {t('banner.push_failed')}
            </span>
          )}
        </p>
        <div className={s.actions}>
          <button
            type="button"
            className={`${button.primary} ${s.action} ${s.oneLineAction}`}
            disabled={busy}
            onClick={() => void enable()}
          >
            {t('banner.push_action')}
          </button>
          <button type="button" className={`${quiet} ${s.action} ${s.oneLineAction}`} onClick={later}>
            {t('banner.push_later')}
          </button>
        </div>
      </div>
    </div>
  );
}
