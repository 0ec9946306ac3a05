import { useLayoutEffect } from 'react';
import { button } from '../../components/ui/button.css';
import { Modal } from '../../components/ui/modal';
import { useSettings } from '../../lib/boot';
import { useT } from '../../lib/i18n';
import * as s from './entry-warning.css';
import { removeStaticEntryWarning } from './entry-warning.rules';

/** The warning itself: adult content, 18+; must be answered (no backdrop/Esc dismissal). */
export function EntryWarningDialog({ onAccept }: { onAccept: () => void }) {
  const t = useT();
  const settings = useSettings();
  // the worker's static copy goes in the commit that shows this one: never two, never none
  useLayoutEffect(() => removeStaticEntryWarning(false), []);
  const vars = { site_name: settings.name, min_age: settings.min_age };
  return (
    <Modal title={t('entry_warning.title')}>
      <div className={s.badge} aria-hidden="true">
        {settings.min_age}+
      </div>
      <p className={s.text}>{t('entry_warning.text', vars)}</p>
      <p className={s.text}>{t('entry_warning.fictional')}</p>
      <div className={s.actions}>
        <a className={button.outline} href="https://www.google.com/" rel="noreferrer">
          {t('entry_warning.leave')}
        </a>
        <button type="button" className={button.primary} onClick={onAccept} data-entry-accept>
          {t('entry_warning.accept', vars)}
        </button>
      </div>
    </Modal>
  );
}
