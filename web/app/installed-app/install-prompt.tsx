import { useState } from 'react';
import { LOGO_HEART } from '../../../worker/contracts/brand';
import { button } from '../../components/ui/button.css';
import { useSettings } from '../../lib/boot';
import { dismiss, DISMISSAL_KEYS } from '../../lib/dismissals';
import { useT } from '../../lib/i18n';
import * as s from './install-prompt.css';

/** What Chromium hands over in `beforeinstallprompt` (not in TypeScript's DOM library). */
export type InstallEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

/**
 * The browser's offer to install the site, made ours: shown once the browser offers it, until
 * the visitor installs or closes it (remembered, like the other dismissals).
 */
export function InstallPrompt({ event, onDone }: { event: InstallEvent; onDone: () => void }) {
  const t = useT();
  const settings = useSettings();
  const [busy, setBusy] = useState(false);
  const close = () => {
    dismiss(DISMISSAL_KEYS.install);
    onDone();
  };
  const install = async () => {
    setBusy(true);
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') dismiss(DISMISSAL_KEYS.install);
    onDone();
  };
  return (
    <aside className={s.prompt} role="dialog" aria-modal="false" aria-labelledby="install-title">
      <svg className={s.icon} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={settings.theme_color} />
        <path d={LOGO_HEART} fill="#fff" />
      </svg>
      <div className={s.body}>
        <p id="install-title" className={s.title}>
          {t('install.title', { site_name: settings.name })}
        </p>
        <p className={s.text}>{t('install.text')}</p>
        <div className={s.actions}>
          <button type="button" className={button.primary} disabled={busy} onClick={() => void install()}>
            {t('install.install')}
          </button>
          <button type="button" className={button.outline} onClick={close}>
            {t('install.dismiss')}
          </button>
        </div>
      </div>
    </aside>
  );
}
