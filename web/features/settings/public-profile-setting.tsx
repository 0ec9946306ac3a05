import { useState } from 'react';
import { FormAlert, Notice } from '../../components/ui/form';
import { useT } from '../../lib/i18n';
import { useNotifications, useSaveNotifications } from './api/notifications';
import * as n from './notifications.css';
import * as s from './settings.css';

/**
 * The privacy choice whether the member's profile may appear on the site's public pages (landers,
 * campaign pages, the landing page's faces): off until they switch it on (PUT notifications.php
 * `public_profile`; the server's query enforces it, docs/decisions/186-public-pages-show-fictional-and-consenting-members.md).
 */
export function PublicProfileSetting() {
  const t = useT();
  const query = useNotifications();
  const save = useSaveNotifications();
  const [saved, setSaved] = useState<string | null>(null);
  // the choice shows at once; the answer (or a refusal) settles it
  const [choice, setChoice] = useState<boolean | null>(null);
  if (!query.data) return <section className={s.card} aria-busy="true" style={{ minHeight: '10rem' }} />;
  return (
    <section className={s.card} aria-labelledby="settings-public-profile">
      <h2 id="settings-public-profile" className={s.heading}>
        {t('notifications.public_title')}
      </h2>
      <p className={s.text}>{t('notifications.public_text')}</p>
      <label className={n.toggle}>
        <input
          type="checkbox"
          className={n.check}
          checked={choice ?? query.data.public_profile}
          disabled={save.isPending}
          onChange={(e) => {
            const on = e.target.checked;
            setSaved(null);
            setChoice(on);
            save.mutate(
              { public_profile: on },
              {
                onSuccess: () => setSaved(t(on ? 'notifications.public_on' : 'notifications.public_off')),
                onSettled: () => setChoice(null),
              },
            );
          }}
        />
        {t('notifications.public_label')}
      </label>
      {saved && <Notice>{saved}</Notice>}
      {save.error && <FormAlert failure={save.error} fields={[]} />}
    </section>
  );
}
