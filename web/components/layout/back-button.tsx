import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import * as s from './top-nav.css';

/** Spec section 2: the screens where the installed app shows a back button (member, likes, credits, payment method). */
const WITH_BACK = /^\/(members\/\d+|likes(\/.*)?|credits(\/.*)?)\/?$/;

/**
 * The installed app has no browser bar: a back button, on those screens, when the app has a
 * screen to go back to (react-router numbers its history entries: `idx` 0 is the first).
 */
export function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (!WITH_BACK.test(pathname) || idx < 1) return null;
  return (
    <button type="button" className={s.back} onClick={() => void navigate(-1)} aria-label={t('nav.back')}>
      <svg className={s.navIcon} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
