import { useState } from 'react';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import { enablePush } from '../../lib/push';
import { button, quiet } from '../ui/button.css';
import * as s from './banner.css';

/**
 * Spec section 2: the push-notification alert with its enable button, while this browser can turn
 * notifications on; "Niet nu" dismisses it for two weeks (hide-push-notification-alert). One row at every
 * width (the short text on a phone).
 */
export function PushBanner({ onDismiss }: { onDismiss: () => void }) {
  const t = useT();
  const { push_public_key } = useSettings();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
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
          <button type="button" className={`${quiet} ${s.action} ${s.oneLineAction}`} onClick={onDismiss}>
            {t('banner.push_later')}
          </button>
        </div>
      </div>
    </div>
  );
}
