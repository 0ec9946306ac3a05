import { useState } from 'react';
import { button } from '../../components/ui/button.css';
import { Modal } from '../../components/ui/modal';
import { useSettings } from '../../lib/boot';
import { DISMISSAL_KEYS, dismiss, dismissedAt } from '../../lib/dismissals';
import { useT } from '../../lib/i18n';
import * as s from './entry-warning.css';
import { shouldShowEntryWarning, type LayoutName } from './entry-warning.rules';

/** The site-entry warning: adult content, 18+; must be answered (no backdrop/Esc dismissal). `route` is the route's name (app/routes). */
export function EntryWarning({ layout, route: routeName }: { layout: LayoutName; route: string | undefined }) {
  const t = useT();
  const settings = useSettings();
  const [hidden, setHidden] = useState(false);
  // never in a prerendered page (web/prerender.tsx): it depends on this browser's dismissal
  const show =
    !hidden &&
    typeof document !== 'undefined' &&
    shouldShowEntryWarning({
      enabled: settings.enable_site_entry_popup,
      country: settings.geoip_country,
      layout,
      routeName,
      dismissedAt: dismissedAt(DISMISSAL_KEYS.siteEntry),
    });
  if (!show) return null;

  const vars = { site_name: settings.name, min_age: settings.min_age };
  const accept = () => {
    dismiss(DISMISSAL_KEYS.siteEntry);
    setHidden(true);
  };
  return (
    <Modal title={t('entry_warning.title')}>
      <div className={s.badge} aria-hidden="true">{settings.min_age}+</div>
      <p className={s.text}>{t('entry_warning.text', vars)}</p>
      <p className={s.text}>{t('entry_warning.fictional')}</p>
      <div className={s.actions}>
        <a className={button.outline} href="https://www.google.com/" rel="noreferrer">
          {t('entry_warning.leave')}
        </a>
        <button type="button" className={button.primary} onClick={accept}>
          {t('entry_warning.accept', vars)}
        </button>
      </div>
    </Modal>
  );
}
