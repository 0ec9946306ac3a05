import { useId, useSyncExternalStore } from 'react';
import type { Settings } from '../../../worker/contracts/site';
import { useSettings } from '../../lib/boot';
import { useLocale, useT } from '../../lib/i18n';
import { sessionStore } from '../../lib/user';
import * as s from './top-nav.css';

type Locale = Settings['locale'];

const LANGUAGE_NAMES: Record<string, string> = { nl: 'Nederlands', en: 'English', de: 'Deutsch' };
export const LOCALE_COOKIE_DAYS = 365;

/** Saves the choice in the locale cookie (365 days) and reloads so the server serves that locale. */
export function setLocaleCookie(locale: string) {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `locale=${locale}; max-age=${LOCALE_COOKIE_DAYS * 86400}; path=/; samesite=lax${secure}`;
}

/**
 * A member's choice is saved on the account (PUT /api/user.php, which also sets the cookie);
 * then the page reloads so the server serves that locale's settings.
 */
export async function changeLanguage(locale: Locale) {
  setLocaleCookie(locale);
  if (sessionStore.get().status === 'in') await import('../../lib/calls/user-language').then((m) => m.saveLanguage(locale));
  window.location.reload();
}

// Below 576 px the nav has room for the language code only.
const narrow = () => matchMedia('(max-width: 575px)');
const subscribe = (l: () => void) => (narrow().addEventListener('change', l), () => narrow().removeEventListener('change', l));

export function LanguageSelect() {
  const short = useSyncExternalStore(
    subscribe,
    () => narrow().matches,
    () => false,
  ); // prerendered: the wide label
  const t = useT();
  const locale = useLocale();
  const { locales } = useSettings();
  const id = useId();
  if (locales.length < 2) return null;
  return (
    <>
      <label htmlFor={id} className={s.visuallyHidden}>
        {t('nav.choose_language')}
      </label>
      <select id={id} className={s.select} value={locale} onChange={(e) => void changeLanguage(e.target.value as Locale)}>
        {locales.map((l) => (
          <option key={l} value={l} className={s.option}>
            {short ? l.toUpperCase() : (LANGUAGE_NAMES[l] ?? l)}
          </option>
        ))}
      </select>
    </>
  );
}
