import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DiscountCode } from '../../../worker/contracts/payments';
import { DISMISSAL_KEYS, dismiss, dismissedAt } from '../../lib/dismissals';
import { useT } from '../../lib/i18n';
import { countdown, secondsLeft, showTimeBonusModal, TIME_BONUS_MODAL_DELAY_MS } from '../../lib/time-bonus';
import { bonusText } from '../../../worker/contracts/welcome-bonus';
import { button } from '../ui/button.css';
import { Modal } from '../ui/modal';
import * as s from './banner.css';

/**
 * Spec sections 1, 2 and 4: a free member's welcome bonus banner, the active discount (the time bonus
 * with its hh:mm:ss countdown, else the welcome code), leading to the credits; dismissible (for a day:
 * worker/contracts/banners.ts). Whether it shows is the member banners' (member-banners.tsx).
 */
export function BonusBanner({ discount, now, onDismiss }: { discount: DiscountCode; now: number; onDismiss: () => void }) {
  const t = useT();
  const { text, clock, days } = bonusText(discount, now);
  return (
    <div className={`${s.banner} ${s.bonus}`} role="region" aria-label={t('banner.bonus_label')}>
      <div className={`${s.inner} ${s.withCorner}`}>
        <p className={s.text}>
          {t(`banner.${text}`, { percent: discount.percentage, days })}
          {clock !== null && (
            // the worker's render of the page (web/members-ssr.tsx) is some seconds older than the hydration: the next tick sets it
            <span className={s.clock} role="timer" aria-label={t('banner.time_left')} suppressHydrationWarning>
              {clock}
            </span>
          )}
        </p>
        <Link to="/credits" className={`${button.primary} ${s.action}`}>
          {t('banner.bonus_action')}
        </Link>
        <button type="button" className={`${s.close} ${s.corner} ${s.onDark}`} onClick={onDismiss} aria-label={t('banner.dismiss')}>
          ×
        </button>
      </div>
    </div>
  );
}

/**
 * The time-bonus modal: opens 40 s into the members area for a member with 0 credits, once until
 * dismissed (hide-time-bonus-modal), and not after leaving the members area.
 */
export function TimeBonusModal({
  discount,
  credits,
  route,
  now,
}: {
  discount: DiscountCode;
  credits: number;
  route: string | undefined;
  now: number;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(() => dismissedAt(DISMISSAL_KEYS.timeBonus) !== null);
  const eligible = showTimeBonusModal({ discount, credits, route, dismissed });
  // 40 s after entering the members area; leaving it (a new route: this component is keyed by it) cancels the wait
  useEffect(() => {
    if (!eligible) return;
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);
  if (!eligible || !due) return null;
  const close = () => {
    dismiss(DISMISSAL_KEYS.timeBonus);
    setDismissed(true);
  };
  const left = secondsLeft(discount, now) ?? 0;
  const hours = Math.max(1, Math.ceil(left / 3600));
  return (
    <Modal title={t('banner.time_bonus_title', { percent: discount.percentage })} onDismiss={close}>
      <p>{t('banner.time_bonus_text', { percent: discount.percentage, hours, count: hours })}</p>
      <p>
        <span className={s.clock} role="timer" aria-label={t('banner.time_left')}>
          {countdown(left)}
        </span>
      </p>
      <button
        type="button"
        className={button.large}
        onClick={() => {
          close();
          navigate('/credits');
        }}
      >
        {t('banner.bonus_action')}
      </button>
    </Modal>
  );
}
